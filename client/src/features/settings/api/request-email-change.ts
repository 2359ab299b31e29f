import { useMutation } from '@tanstack/react-query';
import { emailChangeRequestedSchema, type ChangeEmailRequest } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';

/** POST /api/account/email: mails a confirmation link to the new address. */
export async function requestEmailChange(input: ChangeEmailRequest): Promise<void> {
  await sendData('post', emailChangeRequestedSchema, '/api/account/email', input);
}

/** Asking to sign in with another address. */
export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
