import type { LoginRequest } from '../../../../../shared/contracts/auth';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { fetchJson } from '../../../lib/api/fetch-json';

// No mutation hook and no axios: the sign-in page's JavaScript budget has room for neither; the
// answer's check (zod) is fetched alongside the request.

/** POST /api/login; stores the session and returns the vendor record. */
export async function logIn(input: LoginRequest): Promise<VendorRecord> {
  const [body, { startSession }] = await Promise.all([fetchJson('POST', '/api/login', input), import('./session-answer')]);
  return startSession(body, '/api/login');
}
