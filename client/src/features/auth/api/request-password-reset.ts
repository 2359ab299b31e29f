import { useMutation } from '@tanstack/react-query';
import { noticeSchema } from '../../../../../shared/contracts/auth';
import { sendData } from '../../../lib/api/send-data';

/** POST /api/forgot-password: always accepted, whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await sendData('post', noticeSchema, '/api/forgot-password', { email });
}

/** Asking for a reset link. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
