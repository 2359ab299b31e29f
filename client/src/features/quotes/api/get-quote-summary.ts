import { useQuery } from '@tanstack/react-query';
import { quoteSummarySchema, type QuoteSummary } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { quoteKeys } from './quote-keys';

/** How often the counts are read again while the tab is in front (the menu's badge, the dashboard). */
export const SUMMARY_REFRESH_MS = 60_000;

/** GET /api/quotes/summary: counts per list, new matches, and the next booked events. */
export function getQuoteSummary(options?: ReadOptions): Promise<QuoteSummary> {
  return getData(quoteSummarySchema, '/api/quotes/summary', options);
}

/**
 * The counts. Unlike the screens that load once, they are read again when the vendor comes back
 * to the tab and every minute meanwhile: new requests arrive while the vendor is away.
 */
export function useQuoteSummary(options: { enabled: boolean }) {
  return useQuery({
    queryKey: quoteKeys.summary(),
    queryFn: ({ signal }) => getQuoteSummary({ signal }),
    enabled: options.enabled,
    refetchOnWindowFocus: true,
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}
