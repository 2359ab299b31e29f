import type { CoreDeps } from '../core/deps';
import type { GoogleVerifier } from './google-id-token';
import type { PasswordCost } from './password';
import type { SessionGate } from './session-gate';
import type { TokenConfig } from './tokens';

/** What the auth module is configured with (from the environment, at start). */
export interface AuthSettings {
  tokens: TokenConfig;
  google: GoogleVerifier | null;
  /** Shown to the client so it can render Google's button; null when Google sign-in is off. */
  googleClientId: string | null;
  /** `refused` in production: the demo account's published password must not open anything. */
  demoSignIn: 'allowed' | 'refused';
  /**
   * argon2id's cost for new hashes: OWASP's (m=19 MiB, t=2) when not given, as every server runs.
   * Only a test app lowers it (it is not read from the environment), to register thousands of accounts.
   */
  passwordCost?: PasswordCost;
}

/** What the auth use cases need: the core, the settings, and this app's session gate. */
export interface AuthDeps extends CoreDeps, AuthSettings {
  sessions: SessionGate;
}

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** How long an email-change confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an email verification link works. */
export const VERIFY_EMAIL_TTL_MS = 7 * 24 * 60 * 60 * 1000;
