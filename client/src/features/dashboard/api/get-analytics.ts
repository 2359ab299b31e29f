import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsSchema, type Analytics } from '../../../../../shared/contracts/analytics';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { analyticsKeys } from './analytics-keys';

/** GET /api/analytics?days=: what the business's leads came to over the last 30, 90 or 365 days. */
export function getAnalytics(days: number, options?: ReadOptions): Promise<Analytics> {
  return getData(analyticsSchema, `/api/analytics?days=${String(days)}`, options);
}

/** The period's analytics; the previous period stays shown while another loads. */
export function useAnalytics(days: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: analyticsKeys.period(days),
    queryFn: ({ signal }) => getAnalytics(days, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
