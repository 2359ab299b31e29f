import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerRequestSchema, type CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { customerKeys } from './customer-keys';

/** POST /api/public/requests/:token/quotes/:quoteId/reject: turns one quote down. */
export function rejectQuote(token: string, quoteId: string): Promise<CustomerRequest> {
  return sendData('post', customerRequestSchema, `/api/public/requests/${encodeURIComponent(token)}/quotes/${encodeURIComponent(quoteId)}/reject`);
}

/** Turning a quote down; the request is read again afterwards. */
export function useRejectQuote(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => rejectQuote(token, quoteId),
    onSettled: () => client.invalidateQueries({ queryKey: customerKeys.request(token) }),
  });
}
