import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { DomainEvents } from '../core/events/domain-events';
import type { BillingDeps } from './billing.deps';
import * as repo from './billing.repository';
import { noticeOf, setStatus } from './payment-status';

/**
 * A plan ends, in the caller's transaction: the account keeps no plan, period or pending change
 * (credits stay), the business is `canceled`, and `billing.subscription-ended` tells the owners why
 * (a cancellation reaching its period's end, or the last dunning retry failing).
 */
export async function endSubscription(
  deps: BillingDeps,
  trx: Kysely<DB>,
  vendorId: string,
  ending: Pick<DomainEvents['billing.subscription-ended'], 'planName' | 'reason'>,
): Promise<void> {
  await repo.updateAccount(
    trx,
    vendorId,
    { plan_id: null, pending_plan_id: null, cancel_at_period_end: 0, current_period_start: null, current_period_end: null },
    deps.clock.now(),
  );
  await setStatus(deps, trx, vendorId, 'canceled');
  await deps.events.publish(trx, 'billing.subscription-ended', { ...(await noticeOf(deps, trx, vendorId)), ...ending });
}
