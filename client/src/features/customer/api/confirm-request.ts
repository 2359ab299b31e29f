import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customerRequestSchema, type CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { customerKeys } from './customer-keys';

/**
 * POST /api/public/requests/:token/confirm: the customer opened their link; the request opens and
 * its matching is queued (once: the call is idempotent). It answers at once, with `matching` set
 * until the vendors are found.
 */
export function confirmRequest(token: string): Promise<CustomerRequest> {
  return sendData('post', customerRequestSchema, `/api/public/requests/${encodeURIComponent(token)}/confirm`);
}

/**
 * Confirms the request when its link is first opened. A query, not a mutation, because the page
 * needs its answer to render and the call is idempotent: it runs once per link and page load,
 * and its answer seeds the request's own query.
 */
export function useConfirmRequest(token: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: customerKeys.confirmation(token),
    queryFn: async () => {
      const request = await confirmRequest(token);
      client.setQueryData(customerKeys.request(token), request);
      return true;
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
