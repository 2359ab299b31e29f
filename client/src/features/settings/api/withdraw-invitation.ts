import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendData } from '../../../lib/api/send-data';
import { settingsKeys } from './settings-keys';

/** DELETE /api/team/invitations/:id: the link stops working. */
export function withdrawInvitation(id: string): Promise<void> {
  return sendData('delete', null, `/api/team/invitations/${encodeURIComponent(id)}`);
}

/** Withdrawing a pending invitation; the team is loaded again after it. */
export function useWithdrawInvitation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: withdrawInvitation, onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.team }) });
}
