import { useMutation } from '@tanstack/react-query';
import { sendData } from '../../../lib/api/send-data';
import { clearSession } from '../../../lib/session/session';

/** POST /api/team/leave (team members): closes the caller's own login, so the session ends here too. */
export async function leaveTeam(password: string): Promise<void> {
  await sendData('post', null, '/api/team/leave', { password });
  clearSession();
}

/** Leaving the team, confirmed with the password. */
export function useLeaveTeam() {
  return useMutation({ mutationFn: leaveTeam });
}
