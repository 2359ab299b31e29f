import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type Quote, type QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { creditKeys } from '../../../lib/credits/api/credit-keys';
import { quoteKeys } from './quote-keys';

/** POST /api/quotes/:id/decline with the action's Idempotency-Key: the match closes, for free. */
export function declineQuote(id: string, reason: string | undefined, idempotencyKey: string): Promise<Quote> {
  return sendData('post', quoteSchema, `/api/quotes/${encodeURIComponent(id)}/decline`, reason ? { reason } : {}, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Declining a match; then every quote read is read again (it moved to the closed list), and the credits. */
export function useDeclineQuote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, idempotencyKey }: { reason: string | undefined; idempotencyKey: string }) => declineQuote(id, reason, idempotencyKey),
    onSuccess: (quote) => {
      client.setQueryData<QuoteDetail>(quoteKeys.detail(id), (old) => (old ? { ...old, ...quote } : old));
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: quoteKeys.all }), client.invalidateQueries({ queryKey: creditKeys.all })]),
  });
}
