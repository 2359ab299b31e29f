import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pendingInvitationSchema, type PendingInvitation } from '../../../../../shared/contracts/team';
import { sendData } from '../../../lib/api/send-data';
import { settingsKeys } from './settings-keys';

/** POST /api/team/invitations: mails an invitation link; answers with the pending invitation. */
export function inviteMember(email: string): Promise<PendingInvitation> {
  return sendData('post', pendingInvitationSchema, '/api/team/invitations', { email });
}

/** Inviting someone by email; the team is loaded again after it. */
export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.team }) });
}
