import { useQuery } from '@tanstack/react-query';
import { plansResponseSchema, type PlansResponse } from '../../../../../shared/contracts/plans';
import { getJson, type ReadOptions } from '../../../lib/api/get-data';
import { billingKeys } from './billing-keys';

/** GET /api/config/plans: the plans, the credit packs and the trial credits (config, no login). */
export function getPlans(options?: ReadOptions): Promise<PlansResponse> {
  return getJson(plansResponseSchema, '/api/config/plans', options);
}

/** The plans and packs; config changes rarely, so a read is kept for five minutes. */
export function usePlans() {
  return useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => getPlans({ signal }), staleTime: 5 * 60_000 });
}
