import { useMutation } from '@tanstack/react-query';
import { sessionSchema, type RegisterRequest } from '../../../../../shared/contracts/auth';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { sendData } from '../../../lib/api/send-data';
import { storeSession } from '../../../lib/session/session';

/** POST /api/register; stores the session and returns the vendor record. */
export async function register(input: RegisterRequest): Promise<VendorRecord> {
  const session = await sendData('post', sessionSchema, '/api/register', input);
  storeSession(session);
  return session.vendor;
}

/** Signing a business up. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
