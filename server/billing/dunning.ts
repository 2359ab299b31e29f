import type { Kysely } from 'kysely';
import { findVendor } from '../business';
import type { DB } from '../core/db/schema';
import { DAY_MS } from '../../shared/time/durations';
import { BILLING_JOBS, DUNNING_RETRY_DAYS, type BillingDeps, type ChargeOutcome, type ChargeTrigger, type RetryJob } from './billing.deps';
import * as repo from './billing.repository';
import type { InvoiceRow } from './billing.table';
import { endSubscription } from './end-subscription';
import { noticeOf, setStatus } from './payment-status';

/* Dunning: what a declined renewal sets off (docs/billing.md). */

/**
 * A renewal (or its retry) was declined: the invoice is open, the business `payment_failed`, the
 * owners told, and the next retry scheduled; after the last one the plan ends. A vendor's own retry
 * with a new card leaves the schedule as it was.
 */
export async function failedRenewal(
  deps: BillingDeps,
  trx: Kysely<DB>,
  invoice: InvoiceRow,
  outcome: Extract<ChargeOutcome, { status: 'failed' }>,
  context: { trigger: ChargeTrigger; card: { brand: string; last4: string } },
): Promise<void> {
  const now = deps.clock.now();
  const vendorId = invoice.vendor_id;
  const due = Number(invoice.period_start);
  const step = Number(invoice.dunning_step);
  const changes = { status: 'open' as const, failure_reason: outcome.reason, card_brand: context.card.brand, card_last4: context.card.last4 };
  if (context.trigger === 'vendor') {
    // The vendor's own retry with a new card: the schedule of retries stays as it was.
    await repo.updateInvoice(trx, invoice.id, changes, now);
    return;
  }
  const retryDays = DUNNING_RETRY_DAYS[step];
  if (retryDays === undefined) {
    await endForNonPayment(deps, trx, invoice);
    return;
  }
  const nextAttemptAt = due + retryDays * DAY_MS;
  await repo.updateInvoice(trx, invoice.id, { ...changes, next_attempt_at: nextAttemptAt }, now);
  await deps.jobs.enqueue(trx, {
    name: BILLING_JOBS.retry,
    payload: { invoiceId: invoice.id, step: step + 1 } satisfies RetryJob,
    runAt: nextAttemptAt,
    dedupeKey: `${invoice.id}:${step + 1}`,
  });
  const wasFailed = (await findVendor(trx, vendorId))?.payment_status === 'payment_failed';
  await setStatus(deps, trx, vendorId, 'payment_failed');
  const notice = await noticeOf(deps, trx, vendorId);
  await deps.events.publish(trx, 'billing.payment-failed', {
    ...notice,
    planName: invoice.plan_name ?? '',
    amountCents: Number(invoice.amount_cents),
    currency: invoice.currency,
    reason: outcome.message,
    nextAttemptAt,
    firstFailure: !wasFailed,
  });
}

/** The last retry failed: the invoice is void, the plan ends (credits stay), and the owner is told. */
async function endForNonPayment(deps: BillingDeps, trx: Kysely<DB>, invoice: InvoiceRow): Promise<void> {
  const now = deps.clock.now();
  await repo.updateInvoice(trx, invoice.id, { status: 'void', next_attempt_at: null }, now);
  await endSubscription(deps, trx, invoice.vendor_id, { planName: invoice.plan_name ?? '', reason: 'payment-failed' });
}
