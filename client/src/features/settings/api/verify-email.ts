import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangedSchema } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';
import { sessionKeys } from '../../../lib/session/use-vendor-refresh';

/** POST /api/account/email/verify: the mailed link's token; answers with the verified address. */
export async function verifyEmail(token: string): Promise<string> {
  return (await sendData('post', emailChangedSchema, '/api/account/email/verify', { token })).email;
}

/** Verifying the address; a signed-in browser refreshes its vendor record, so the reminder goes. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me }) });
}
