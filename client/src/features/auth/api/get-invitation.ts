import { useQuery } from '@tanstack/react-query';
import { invitationSummarySchema, type InvitationSummary } from '../../../../../shared/contracts/team';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { authKeys } from './auth-keys';

/** GET /api/invitations/:token: who is invited to which business, before the password is set. */
export function getInvitation(token: string, options?: ReadOptions): Promise<InvitationSummary> {
  return getData(invitationSummarySchema, `/api/invitations/${encodeURIComponent(token)}`, options);
}

/** The invitation of a `/register-with-token/:token` link. */
export function useInvitation(token: string) {
  return useQuery({ queryKey: authKeys.invitation(token), queryFn: ({ signal }) => getInvitation(token, { signal }) });
}
