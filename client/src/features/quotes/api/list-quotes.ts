import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { quoteListResponseSchema, type QuoteListItem, type QuoteListQuery } from '../../../../../shared/contracts/marketplace';
import { getEnvelope, type ReadOptions } from '../../../lib/api/get-data';
import { quoteKeys } from './quote-keys';

/** One list's query without its cursor: the status, the page size, the filters and the sort. */
export type QuoteListFilter = Omit<QuoteListQuery, 'cursor'>;

/** One page of a list and the cursor of the next (null on the last page). */
export interface QuoteListPage {
  data: QuoteListItem[];
  nextCursor: string | null;
}

/** The query string of `GET /api/quotes`: only the values that are set. */
export function quoteListSearch(query: QuoteListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/quotes: one page of a list, newest received first (or soonest event first). */
export function listQuotes(query: QuoteListQuery, options?: ReadOptions): Promise<QuoteListPage> {
  return getEnvelope(quoteListResponseSchema, `/api/quotes?${quoteListSearch(query)}`, options);
}

/**
 * A list, page after page (`fetchNextPage` asks for the one after the last loaded). While other
 * filters load, the rows of the previous ones stay shown.
 */
export function useQuoteList(filter: QuoteListFilter) {
  return useInfiniteQuery({
    queryKey: quoteKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listQuotes({ ...filter, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
