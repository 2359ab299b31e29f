import { sessionSchema, type LoginRequest } from '../../../../../shared/contracts/auth';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { sendData } from '../../../lib/api/send-data';
import { storeSession } from '../../../lib/session/session';

// No mutation hook: the sign-in page is plain markup whose JavaScript budget has no room for the query library.

/** POST /api/login; stores the session and returns the vendor record. */
export async function logIn(input: LoginRequest): Promise<VendorRecord> {
  const session = await sendData('post', sessionSchema, '/api/login', input);
  storeSession(session);
  return session.vendor;
}
