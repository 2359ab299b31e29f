import { useMutation } from '@tanstack/react-query';
import { emailChangedSchema } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';

/** POST /api/account/email/verification: mails the signed-in vendor a new verification link. */
export async function resendVerification(): Promise<string> {
  return (await sendData('post', emailChangedSchema, '/api/account/email/verification')).email;
}

/** Asking for a new verification link. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
