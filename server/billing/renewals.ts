import { addMonths, monthsOf } from '../../shared/billing/billing-period';
import { day, planById, type BillingDeps, type ChargeTrigger, type RenewJob, type RetryJob } from './billing.deps';
import * as repo from './billing.repository';
import type { InvoiceRow } from './billing.table';
import { endSubscription } from './end-subscription';
import { statusOf } from './payment-status';
import { chargeInvoice, draftInvoice, settleInvoice } from './settlement';

/* On the clock: a plan renews at its period's end, and a declined renewal is retried. */

/**
 * The renewal due at `periodEnd`: a plan set to end ends; otherwise the plan (a scheduled
 * downgrade applied) is charged for the next period. A job for a period that changed meanwhile
 * (an earlier renewal, a cancellation) does nothing.
 */
export async function renew(deps: BillingDeps, job: RenewJob): Promise<void> {
  const db = deps.database.db;
  const account = await repo.findAccount(db, job.vendorId);
  if (!account || Number(account.current_period_end) !== job.periodEnd || (await statusOf(deps, job.vendorId)) !== 'active') return;
  const now = deps.clock.now();
  const plan = planById(deps, account.pending_plan_id ?? account.plan_id);
  if (Number(account.cancel_at_period_end) === 1 || !plan) {
    await deps.database.writeTransaction((trx) =>
      endSubscription(deps, trx, job.vendorId, { planName: planById(deps, account.plan_id)?.name ?? '', reason: 'canceled' }),
    );
    return;
  }
  let invoice = await repo.findRenewal(db, job.vendorId, job.periodEnd);
  if (!invoice) {
    const end = addMonths(job.periodEnd, monthsOf(plan.interval));
    invoice = await deps.database.writeTransaction(async (trx) => {
      await repo.updateAccount(trx, job.vendorId, { plan_id: plan.id, pending_plan_id: null }, now);
      return draftInvoice(deps, trx, job.vendorId, {
        kind: 'renewal',
        description: `${plan.name} plan, ${day(job.periodEnd)} – ${day(end)}`,
        amountCents: plan.priceCents,
        plan,
        credits: plan.monthlyCredits,
        periodStart: job.periodEnd,
        periodEnd: end,
      });
    });
  }
  if (invoice.status !== 'draft') return;
  await chargeWithAccountCard(deps, invoice, 'renewal');
}

/** A dunning retry of an open renewal invoice, with the card on file. */
export async function retryInvoice(deps: BillingDeps, job: RetryJob): Promise<void> {
  const invoice = await repo.findInvoice(deps.database.db, job.invoiceId);
  if (!invoice || invoice.status !== 'open' || Number(invoice.dunning_step) >= job.step) return;
  await repo.updateInvoice(deps.database.db, invoice.id, { dunning_step: job.step }, deps.clock.now());
  await chargeWithAccountCard(deps, { ...invoice, dunning_step: job.step }, 'dunning');
}

/** Charges a renewal invoice with the card on file; with none, the attempt fails as a declined one would. */
async function chargeWithAccountCard(deps: BillingDeps, invoice: InvoiceRow, trigger: ChargeTrigger): Promise<void> {
  const account = await repo.findAccount(deps.database.db, invoice.vendor_id);
  if (!account?.customer_id || !account.payment_method_id) {
    const attempt = await repo.nextAttempt(deps.database.db, invoice.id, deps.clock.now());
    await settleInvoice(
      deps,
      invoice.id,
      attempt,
      { status: 'failed', chargeId: null, reason: 'unknown-payment-method', message: 'There is no card on file.' },
      { trigger, card: { brand: '', last4: '' } },
    );
    return;
  }
  await chargeInvoice(
    deps,
    invoice,
    { customerId: account.customer_id, paymentMethodId: account.payment_method_id, brand: account.card_brand ?? '', last4: account.card_last4 ?? '' },
    trigger,
  );
}
