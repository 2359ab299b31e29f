import { clearSession, readTokens } from '../session/session';
import { LOGOUT_URL } from './auth-endpoints';
import { sendData } from './send-data';

/** Signs out: asks the server to revoke the refresh token (best effort), then clears the session here. */
export async function signOut(): Promise<void> {
  const { refreshToken } = readTokens();
  if (refreshToken) {
    try {
      await sendData('post', null, LOGOUT_URL, { refreshToken }, { timeout: 5_000 });
    } catch {
      // The tokens are dropped locally either way; an unreachable server must not keep the user in.
    }
  }
  clearSession();
}
