import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { fetchJson } from '../../../lib/api/fetch-json';

/** POST /api/login/google with Google's ID token; stores the session and returns the vendor record. */
export async function logInWithGoogle(idToken: string): Promise<VendorRecord> {
  const [body, { startSession }] = await Promise.all([fetchJson('POST', '/api/login/google', { idToken }), import('./session-answer')]);
  return startSession(body, '/api/login/google');
}
