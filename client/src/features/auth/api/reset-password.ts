import { useMutation } from '@tanstack/react-query';
import { noticeSchema } from '../../../../../shared/contracts/auth';
import { sendData } from '../../../lib/api/send-data';

/** POST /api/reset-password: the link's token and the new password. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await sendData('post', noticeSchema, '/api/reset-password', input);
}

/** Setting a new password from a reset link. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
