import { sessionSchema } from '../../../../../shared/contracts/auth';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { sendData } from '../../../lib/api/send-data';
import { storeSession } from '../../../lib/session/session';

/** POST /api/login/google with Google's ID token; stores the session and returns the vendor record. */
export async function logInWithGoogle(idToken: string): Promise<VendorRecord> {
  const session = await sendData('post', sessionSchema, '/api/login/google', { idToken });
  storeSession(session);
  return session.vendor;
}
