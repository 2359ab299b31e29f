import { useQuery } from '@tanstack/react-query';
import { customerRequestSchema, type CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { matchingPollDelay } from '../matching-poll-delay';
import { customerKeys } from './customer-keys';

/** GET /api/public/requests/:token: the request and every quote it received (opening it marks them seen). */
export function getCustomerRequest(token: string, options?: ReadOptions): Promise<CustomerRequest> {
  return getData(customerRequestSchema, `/api/public/requests/${encodeURIComponent(token)}`, options);
}

/**
 * The request behind a mailed link, once it is confirmed. Unlike the dashboard's screens it is
 * read again when the customer comes back to the tab: quotes arrive while they are away, and
 * customers get no live events. For the same reason it is read again, with a growing wait, while
 * its vendors are being found (matching runs after the confirm has answered).
 */
export function useCustomerRequest(token: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: customerKeys.request(token),
    queryFn: ({ signal }) => getCustomerRequest(token, { signal }),
    enabled: options.enabled,
    // The confirm call's answer is fresh: no second read right after it.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.matching ? matchingPollDelay(query.state.dataUpdateCount) : false),
  });
}
