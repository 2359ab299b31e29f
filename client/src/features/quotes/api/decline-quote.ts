import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type Quote, type QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { creditKeys } from '../../../lib/credits/api/credit-keys';
import { messageKeys } from '../../../lib/messages/message-keys';
import { quoteKeys } from './quote-keys';

/** What a decline says: the reason (for the business only) and the message to the couple, each when given. */
export interface DeclineInput {
  reason: string | undefined;
  message?: string | undefined;
}

/** POST /api/quotes/:id/decline with the action's Idempotency-Key: the match closes, for free (and the couple gets the message, when there is one). */
export function declineQuote(id: string, input: DeclineInput, idempotencyKey: string): Promise<Quote> {
  const body = { ...(input.reason ? { reason: input.reason } : {}), ...(input.message ? { message: input.message } : {}) };
  return sendData('post', quoteSchema, `/api/quotes/${encodeURIComponent(id)}/decline`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Declining a match; then every quote read is read again (it moved to the closed list), the credits, and the messages when one was sent. */
export function useDeclineQuote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: DeclineInput & { idempotencyKey: string }) => declineQuote(id, input, idempotencyKey),
    onSuccess: (quote) => {
      client.setQueryData<QuoteDetail>(quoteKeys.detail(id), (old) => (old ? { ...old, ...quote } : old));
    },
    onSettled: (_quote, _error, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: quoteKeys.all }),
        client.invalidateQueries({ queryKey: creditKeys.all }),
        ...(input.message ? [client.invalidateQueries({ queryKey: messageKeys.all })] : []),
      ]),
  });
}
