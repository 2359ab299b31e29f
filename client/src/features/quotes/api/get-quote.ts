import { useQuery } from '@tanstack/react-query';
import { quoteDetailSchema, type QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { quoteKeys } from './quote-keys';

/** GET /api/quotes/:id: the quote with its request, how many vendors got it and its history (opening a match makes it no longer new). */
export function getQuote(id: string, options?: ReadOptions): Promise<QuoteDetail> {
  return getData(quoteDetailSchema, `/api/quotes/${encodeURIComponent(id)}`, options);
}

/** One quote's page data; read again after a submit or a decline (everything under `quoteKeys.all`). */
export function useQuote(id: string) {
  return useQuery({ queryKey: quoteKeys.detail(id), queryFn: ({ signal }) => getQuote(id, { signal }) });
}
