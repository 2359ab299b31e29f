import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { creditsSchema, type Credits } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../api/get-data';
import { creditKeys } from './credit-keys';

/** The server's default page of the ledger: a quote's page finds the refund of a recent quote in the first one. */
const PAGE_SIZE = 50;

/** A row of the credits ledger. */
export type CreditLedgerEntry = Credits['entries'][number];

/** `GET /api/credits?limit&cursor`: the balance and one page of the ledger, newest first. */
export function getCredits(cursor: string | null, options?: ReadOptions): Promise<Credits> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getData(creditsSchema, `/api/credits?${params.toString()}`, options);
}

/**
 * The balance and the ledger, page after page (`fetchNextPage` reads older changes). Read again
 * when the vendor comes back to the tab: quoting spends credits and refunds return them.
 */
export function useCredits(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: creditKeys.all,
    queryFn: ({ pageParam, signal }) => getCredits(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: options.enabled ?? true,
    refetchOnWindowFocus: true,
  });
}

/** The balance in the newest answer; undefined until the first page has loaded. */
export function creditBalanceOf(data: InfiniteData<Credits> | undefined): number | undefined {
  return data?.pages[0]?.balance;
}

/** Every ledger row loaded so far, newest first. */
export function creditEntriesOf(data: InfiniteData<Credits> | undefined): CreditLedgerEntry[] {
  return data?.pages.flatMap((page) => page.entries) ?? [];
}

/** The cached answer with a new balance (the one a submit returns), until the ledger is read again. */
export function withCreditBalance(data: InfiniteData<Credits> | undefined, balance: number): InfiniteData<Credits> | undefined {
  return data ? { ...data, pages: data.pages.map((page) => ({ ...page, balance })) } : data;
}
