import { useMutation } from '@tanstack/react-query';
import { tokenPairSchema } from '../../../../../shared/contracts/auth';
import type { ChangePasswordRequest } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';
import { storeTokens } from '../../../lib/session/session';

/** POST /api/account/password: every other session ends; this one continues with the new tokens. */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  storeTokens(await sendData('post', tokenPairSchema, '/api/account/password', input));
}

/** Changing the password. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
