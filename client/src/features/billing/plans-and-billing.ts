import type { Billing } from '../../../../shared/contracts/billing';
import type { PlansResponse } from '../../../../shared/contracts/plans';
import type { PageFailure } from '../../components/page-state';
import { useBilling } from './api/get-billing';
import { usePlans } from './api/get-plans';
import { billingLoadFailure } from './billing-problem';

/**
 * What the owner's billing pages read first: the business's billing and the plans (with the
 * packs). `loaded` once both are there; until then `failure` (the billing's first: a team member
 * is told only the owner sees billing) or nothing, while they load. `plansAre` names the plans in
 * the failure ("The credit packs" on the page that sells packs).
 */
export function usePlansAndBilling(plansAre = 'The plans'): { loaded: { plans: PlansResponse; billing: Billing } | null; failure: PageFailure | null } {
  const billing = useBilling();
  const plans = usePlans();
  const failure = billingLoadFailure('Your billing', billing) ?? billingLoadFailure(plansAre, plans);
  return { loaded: !failure && billing.data && plans.data ? { plans: plans.data, billing: billing.data } : null, failure };
}
