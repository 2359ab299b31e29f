import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { quoteSchema, type Credits, type QuoteDetail, type submitQuoteBodySchema } from '../../../../../shared/contracts/marketplace';
import { http } from '../../../lib/api/http';
import { parseResponse } from '../../../lib/api/response-shape-error';
import { creditKeys } from '../../../lib/credits/api/credit-keys';
import { withCreditBalance } from '../../../lib/credits/api/get-credits';
import { quoteKeys } from './quote-keys';

/** What the vendor sends: the price in cents, the message and the category's quote form answers. */
export type SubmitQuoteBody = z.input<typeof submitQuoteBodySchema>;

/** The answer of a submit: the quote, now with the customer's contact, and the balance left. */
export const submittedQuoteSchema = z.object({ data: quoteSchema, credits: z.object({ balance: z.number().int() }) });
export type SubmittedQuote = z.infer<typeof submittedQuoteSchema>;

/**
 * POST /api/quotes/:id/submit with the action's Idempotency-Key: spends the lead cost and sends
 * the quote. Fails with 400 (field errors), 402 `insufficient-credits` or 409 (the quote changed).
 */
export async function submitQuote(id: string, body: SubmitQuoteBody, idempotencyKey: string): Promise<SubmittedQuote> {
  const url = `/api/quotes/${encodeURIComponent(id)}/submit`;
  const response = await http.post<unknown>(url, body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return parseResponse(submittedQuoteSchema, response.data, 'post', url);
}

/**
 * Sending a quote. Its answer shows at once (the status, the revealed contact, the balance); then
 * every quote read is read again (the lists, the counts), and the credits: the balance and the ledger changed too.
 */
export function useSubmitQuote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SubmitQuoteBody; idempotencyKey: string }) => submitQuote(id, body, idempotencyKey),
    onSuccess: ({ data, credits }) => {
      client.setQueryData<QuoteDetail>(quoteKeys.detail(id), (old) => (old ? { ...old, ...data } : old));
      client.setQueryData<InfiniteData<Credits>>(creditKeys.all, (old) => withCreditBalance(old, credits.balance));
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: quoteKeys.all }), client.invalidateQueries({ queryKey: creditKeys.all })]),
  });
}
