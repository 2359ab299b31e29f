import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendData } from '../../../lib/api/send-data';
import { settingsKeys } from './settings-keys';

/** DELETE /api/team/members/:id (owners): the member's login is closed. */
export function removeMember(id: string): Promise<void> {
  return sendData('delete', null, `/api/team/members/${encodeURIComponent(id)}`);
}

/** Removing a member; the team is loaded again whatever the answer (someone else may have changed it). */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.team }) });
}
