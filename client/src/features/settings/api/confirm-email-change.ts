import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangedSchema } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';
import { sessionKeys } from '../../../lib/session/use-vendor-refresh';

/** POST /api/account/email/confirm: the mailed link's token; answers with the new address. */
export async function confirmEmailChange(token: string): Promise<string> {
  return (await sendData('post', emailChangedSchema, '/api/account/email/confirm', { token })).email;
}

/**
 * Confirming a new address. When this browser is signed in, the stored vendor record is
 * refreshed before the confirmation shows (the next screen names the new address).
 */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me }) });
}
