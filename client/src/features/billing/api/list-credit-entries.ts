import { useInfiniteQuery } from '@tanstack/react-query';
import { creditsSchema, type Credits } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { billingKeys } from './billing-keys';

const PAGE_SIZE = 20;

/** A row of the credits ledger. */
export type CreditLedgerEntry = Credits['entries'][number];

/** `GET /api/credits?limit&cursor`: the balance and one page of the ledger, newest first. */
export function listCreditEntries(cursor: string | null, options?: ReadOptions): Promise<Credits> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getData(creditsSchema, `/api/credits?${params.toString()}`, options);
}

/** The ledger, page after page. */
export function useCreditLedger(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: billingKeys.ledger(),
    queryFn: ({ pageParam, signal }) => listCreditEntries(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: options.enabled ?? true,
  });
}
