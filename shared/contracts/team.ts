import { z } from 'zod';

/** A member of the business's team; `created_at` is when they joined (ms since the epoch). */
export const teamMemberSchema = z.object({ id: z.string(), email: z.string(), role: z.string(), created_at: z.number() });

/** An invitation not yet accepted; the answer of `POST /api/team/invitations`. */
export const pendingInvitationSchema = z.object({ id: z.string(), email: z.string(), created_at: z.number(), expires_at: z.number() });

/** `GET /api/team` (owners): the members and the pending invitations. */
export const teamSchema = z.object({ members: z.array(teamMemberSchema), invitations: z.array(pendingInvitationSchema) });

/** `GET /api/invitations/:token`: who is invited, and to which business, before the password is set. */
export const invitationSummarySchema = z.object({ email: z.string(), businessName: z.string() });

export type TeamMember = z.infer<typeof teamMemberSchema>;
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export type Team = z.infer<typeof teamSchema>;
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;
