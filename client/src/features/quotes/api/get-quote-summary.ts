import { useQuery } from '@tanstack/react-query';
import { quoteSummarySchema, type QuoteSummary } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { quoteKeys } from './quote-keys';

/** GET /api/quotes/summary: counts per list, new matches, and the next booked events. */
export function getQuoteSummary(options?: ReadOptions): Promise<QuoteSummary> {
  return getData(quoteSummarySchema, '/api/quotes/summary', options);
}

/**
 * The counts (the menu's badge, the dashboard): read again when a live event says a quote came
 * or changed, and when the vendor comes back to the tab.
 */
export function useQuoteSummary(options: { enabled: boolean }) {
  return useQuery({
    queryKey: quoteKeys.summary(),
    queryFn: ({ signal }) => getQuoteSummary({ signal }),
    enabled: options.enabled,
    refetchOnWindowFocus: true,
  });
}
