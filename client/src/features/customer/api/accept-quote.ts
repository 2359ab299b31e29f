import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerRequestSchema, type CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { customerKeys } from './customer-keys';

/** POST /api/public/requests/:token/quotes/:quoteId/accept: books the vendor; every other open quote of the request closes. */
export function acceptQuote(token: string, quoteId: string): Promise<CustomerRequest> {
  return sendData('post', customerRequestSchema, `/api/public/requests/${encodeURIComponent(token)}/quotes/${encodeURIComponent(quoteId)}/accept`);
}

/** Booking a vendor from their quote; the request is read again afterwards. */
export function useAcceptQuote(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => acceptQuote(token, quoteId),
    onSettled: () => client.invalidateQueries({ queryKey: customerKeys.request(token) }),
  });
}
