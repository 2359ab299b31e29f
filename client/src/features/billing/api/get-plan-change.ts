import { useQuery } from '@tanstack/react-query';
import { planChangeSchema, type PlanChangePreview } from '../../../../../shared/contracts/billing';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { billingKeys } from './billing-keys';

/** GET /api/billing/plan-change?planId: what choosing the plan would do now (priced on the server's clock). */
export function getPlanChange(planId: string, options?: ReadOptions): Promise<PlanChangePreview> {
  return getData(planChangeSchema, `/api/billing/plan-change?planId=${encodeURIComponent(planId)}`, options);
}

/** The preview of choosing `planId` (null: none chosen); read afresh each time it is shown, since proration moves with the clock. */
export function usePlanChange(planId: string | null) {
  return useQuery({
    queryKey: billingKeys.planChange(planId ?? ''),
    queryFn: ({ signal }) => getPlanChange(planId ?? '', { signal }),
    enabled: planId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
