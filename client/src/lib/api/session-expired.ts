import { clearSession } from '../session/session';

type SessionExpiredHandler = () => void;

// Until the app has its route table and router (main.tsx replaces this), a full load of the root: the login path.
const goToLogin: SessionExpiredHandler = () => window.location.assign('/');
let onSessionExpired: SessionExpiredHandler = goToLogin;

/** Sets what happens when the session cannot be refreshed (the app navigates to login, `/`). */
export function setOnSessionExpired(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** Ends the session after a failed refresh: tokens and vendor record cleared (the sign-in page says why), then the handler runs. */
export function expireSession(): void {
  clearSession('refused');
  onSessionExpired();
}
