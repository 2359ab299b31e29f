import { z } from 'zod';
import { http } from '../../../lib/api/http';
import { clearSession } from '../../../lib/session/session';

const teamSchema = z.object({
  data: z.object({
    members: z.array(z.object({ id: z.string(), email: z.string(), role: z.string(), created_at: z.number() })),
    invitations: z.array(z.object({ id: z.string(), email: z.string(), created_at: z.number(), expires_at: z.number() })),
  }),
});

export type Team = z.infer<typeof teamSchema>['data'];

/** GET /api/team (owners only). */
export async function getTeam(): Promise<Team> {
  return teamSchema.parse((await http.get('/api/team')).data).data;
}

/** POST /api/team/invitations: mails an invitation link. */
export async function inviteMember(email: string): Promise<void> {
  await http.post('/api/team/invitations', { email });
}

/** DELETE /api/team/invitations/:id: the link stops working. */
export async function withdrawInvitation(id: string): Promise<void> {
  await http.delete(`/api/team/invitations/${encodeURIComponent(id)}`);
}

/** DELETE /api/team/members/:id (owners): the member's login is closed. */
export async function removeMember(id: string): Promise<void> {
  await http.delete(`/api/team/members/${encodeURIComponent(id)}`);
}

/** POST /api/team/leave (team members): closes the caller's own login, so the session ends here too. */
export async function leaveTeam(password: string): Promise<void> {
  await http.post('/api/team/leave', { password });
  clearSession();
}
