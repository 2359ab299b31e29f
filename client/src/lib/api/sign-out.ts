import { clearSession, readTokens } from '../session/session';
import { LOGOUT_URL } from './auth-endpoints';

/**
 * Signs out: clears the session here first, so a reload or a closed tab straight after "Sign out"
 * finds no session, then asks the server to revoke the refresh token's family (best effort). The
 * request is sent with `keepalive`, so the browser finishes it after the page is gone.
 */
export async function signOut(): Promise<void> {
  const { refreshToken } = readTokens();
  clearSession();
  if (refreshToken) void revoke(refreshToken);
}

async function revoke(refreshToken: string): Promise<void> {
  try {
    await fetch(LOGOUT_URL, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    // The tokens are already gone here; an unreachable server must not keep the user in.
  }
}
