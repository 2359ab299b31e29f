import { useMutation } from '@tanstack/react-query';
import { sessionSchema } from '../../../../../shared/contracts/auth';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { sendData } from '../../../lib/api/send-data';
import { storeSession } from '../../../lib/session/session';

/** POST /api/register-with-token: joins the inviting business; stores the session and returns the vendor record. */
export async function registerWithToken(input: { token: string; password: string }): Promise<VendorRecord> {
  const session = await sendData('post', sessionSchema, '/api/register-with-token', input);
  storeSession(session);
  return session.vendor;
}

/** Accepting an invitation with a new password. */
export function useRegisterWithToken() {
  return useMutation({ mutationFn: registerWithToken });
}
