import { useQuery } from '@tanstack/react-query';
import { billingSchema, type Billing } from '../../../../../shared/contracts/billing';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { billingKeys } from './billing-keys';

/** GET /api/billing: the plan, its state, the credits, the period and the card (owner only). */
export function getBilling(options?: ReadOptions): Promise<Billing> {
  return getData(billingSchema, '/api/billing', options);
}

/** The business's billing; `enabled` false for those who may not manage it (the server says 403). */
export function useBilling(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.summary(),
    queryFn: ({ signal }) => getBilling({ signal }),
    enabled: options.enabled ?? true,
    refetchOnWindowFocus: true,
  });
}
