import { z } from 'zod';
import { http } from '../../../lib/api/http';

const invitationSchema = z.object({ data: z.object({ email: z.string(), businessName: z.string() }) });

/** GET /api/invitations/:token: who invited whom, before the password is set. */
export async function getInvitation(token: string) {
  return invitationSchema.parse((await http.get(`/api/invitations/${encodeURIComponent(token)}`)).data).data;
}
