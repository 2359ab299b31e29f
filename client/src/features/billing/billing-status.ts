import type { Billing } from '../../../../shared/contracts/billing';

/**
 * Whether the business has a plan that runs: paid (`active`, possibly set to end or to move to
 * another plan) or unpaid but still being retried (`payment_failed`). A trial or an ended plan
 * has none: then the vendor starts one on activate-subscription.
 */
export function hasRunningPlan(billing: Billing): boolean {
  return billing.plan !== null && (billing.status === 'active' || billing.status === 'payment_failed');
}
