import type { QuoteListQuery } from '../../../../../shared/contracts/marketplace';

/**
 * Query keys of the vendor's quotes. Everything under `all` is read again after a quote changes
 * (a submit or a decline moves it between lists and changes the summary's counts); the balance and
 * the ledger are the credits' own key (`creditKeys`).
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  list: (query: Omit<QuoteListQuery, 'cursor'>) => [...quoteKeys.lists(), query] as const,
  summary: () => [...quoteKeys.all, 'summary'] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
};
