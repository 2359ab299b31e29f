import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';
import { clearSession } from '../../../lib/session/session';

/** DELETE /api/account (owners only); the session ends here too. */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  await sendData('delete', null, '/api/account', input);
  clearSession();
}

/** Deleting the account, confirmed with the business name and the password. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
