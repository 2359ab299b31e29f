import type { Kysely } from 'kysely';
import { lockVendor } from '../business';
import type { DB } from '../core/db/schema';
import { grantCredits } from '../credits';
import { BILLING_JOBS, day, plansOf, type BillingDeps, type Card, type ChargeOutcome, type ChargeTrigger, type Plan, type RenewJob } from './billing.deps';
import * as repo from './billing.repository';
import type { InvoiceKind, InvoiceRow } from './billing.table';
import { failedRenewal } from './dunning';
import { setStatus } from './payment-status';
import { announcePayment } from './receipts';

/* Invoices and their settlement: drafted, charged once per attempt, and the outcome applied once. */

/** An invoice about to be drafted. */
export interface NewInvoice {
  kind: InvoiceKind;
  description: string;
  amountCents: number;
  plan?: Plan;
  packId?: string;
  credits: number;
  periodStart?: number;
  periodEnd?: number;
}

/** A draft invoice: not shown as owed until a charge of it fails (a renewal) or succeeds. */
export async function draftInvoice(
  deps: BillingDeps,
  db: Kysely<DB>,
  vendorId: string,
  invoice: NewInvoice,
  requestKey: string | null = null,
): Promise<InvoiceRow> {
  const now = deps.clock.now();
  const id = repo.newInvoiceId();
  await repo.insertInvoice(db, {
    id,
    vendor_id: vendorId,
    kind: invoice.kind,
    status: 'draft',
    description: invoice.description,
    amount_cents: invoice.amountCents,
    currency: plansOf(deps).currency,
    plan_id: invoice.plan?.id ?? null,
    plan_name: invoice.plan?.name ?? null,
    pack_id: invoice.packId ?? null,
    credits: invoice.credits,
    period_start: invoice.periodStart ?? null,
    period_end: invoice.periodEnd ?? null,
    attempts: 0,
    settled_attempt: 0,
    dunning_step: 0,
    next_attempt_at: null,
    charge_id: null,
    card_brand: null,
    card_last4: null,
    failure_reason: null,
    paid_at: null,
    request_key: requestKey,
    created_at: now,
    updated_at: now,
  });
  return repo.findInvoice(db, id) as Promise<InvoiceRow>;
}

/**
 * Charges an invoice once more (one attempt, its own idempotency key) and applies the outcome.
 * The provider's webhook about the same charge applies it too if this process stops before it
 * does: `settleInvoice` acts on an attempt once, whoever brings it first. `again` names an
 * attempt already made (by a run that died): its key is sent again, and the provider answers it.
 */
export async function chargeInvoice(deps: BillingDeps, invoice: InvoiceRow, card: Card, trigger: ChargeTrigger, again?: number): Promise<ChargeOutcome> {
  const attempt = again ?? (await repo.nextAttempt(deps.database.db, invoice.id, deps.clock.now()));
  const result = await deps.provider.charge({
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    amountCents: Number(invoice.amount_cents),
    currency: invoice.currency,
    description: invoice.description,
    idempotencyKey: `${invoice.id}:${attempt}`,
    metadata: { invoiceId: invoice.id, vendorId: invoice.vendor_id, attempt: String(attempt), trigger, cardBrand: card.brand, cardLast4: card.last4 },
  });
  const outcome: ChargeOutcome = result.status === 'succeeded' ? { status: 'succeeded', chargeId: result.chargeId } : result;
  await settleInvoice(deps, invoice.id, attempt, outcome, { trigger, card });
  return outcome;
}

/**
 * Applies the outcome of an invoice's charge attempt, once (docs/billing.md):
 * - paid: the invoice is paid; a plan starts, changes or renews (its credits granted, the next
 *   renewal scheduled); a pack's credits are granted; a failed payment is over (`active`); the
 *   payment is announced, and the owners are mailed its receipt.
 * - failed, asked for by the vendor: the draft goes (nothing changed).
 * - failed, a renewal or its retry: the invoice is open, `payment_failed`, the owner is mailed,
 *   retried after 3 and 5 days; after the last retry the subscription is canceled.
 */
export async function settleInvoice(
  deps: BillingDeps,
  invoiceId: string,
  attempt: number,
  outcome: ChargeOutcome,
  context: { trigger: ChargeTrigger; card: { brand: string; last4: string } },
): Promise<void> {
  const applied = await deps.database.writeTransaction(async (trx) => {
    const invoice = await repo.findInvoice(trx, invoiceId);
    if (!invoice) return null;
    await lockVendor(trx, invoice.vendor_id);
    if (!(await repo.claimSettlement(trx, invoiceId, attempt))) return null;
    await applyOutcome(deps, trx, invoice, outcome, context);
    return invoice;
  });
  if (!applied) return;
  // What an operator needs to follow a payment; the card only as brand and last 4.
  const fields = {
    invoiceId,
    vendorId: applied.vendor_id,
    kind: applied.kind,
    amountCents: Number(applied.amount_cents),
    attempt,
    trigger: context.trigger,
    card: `${context.card.brand} ${context.card.last4}`,
  };
  if (outcome.status === 'succeeded') deps.logger.info('billing payment succeeded', fields);
  else deps.logger.warn('billing payment failed', { ...fields, reason: outcome.reason });
}

/** One attempt's outcome on its invoice, in the settlement's transaction. */
async function applyOutcome(
  deps: BillingDeps,
  trx: Kysely<DB>,
  invoice: InvoiceRow,
  outcome: ChargeOutcome,
  context: { trigger: ChargeTrigger; card: { brand: string; last4: string } },
): Promise<void> {
  const now = deps.clock.now();
  if (outcome.status === 'succeeded') {
    if (invoice.status === 'paid' || invoice.status === 'void') return;
    await repo.updateInvoice(
      trx,
      invoice.id,
      {
        status: 'paid',
        paid_at: now,
        charge_id: outcome.chargeId,
        card_brand: context.card.brand,
        card_last4: context.card.last4,
        failure_reason: null,
        next_attempt_at: null,
      },
      now,
    );
    await applyPaid(deps, trx, invoice);
    await announcePayment(deps, trx, invoice, { paidAt: now, card: context.card });
    return;
  }
  if (invoice.kind !== 'renewal') {
    if (invoice.status === 'draft') await repo.deleteInvoice(trx, invoice.id);
    return;
  }
  if (invoice.status === 'paid' || invoice.status === 'void') return;
  await failedRenewal(deps, trx, invoice, outcome, context);
}

/** A paid invoice's effect: credits bought, an upgrade, or a period started or renewed. */
async function applyPaid(deps: BillingDeps, trx: Kysely<DB>, invoice: InvoiceRow): Promise<void> {
  const now = deps.clock.now();
  const vendorId = invoice.vendor_id;
  const credits = Number(invoice.credits ?? 0);
  if (invoice.kind === 'credits') {
    await grantCredits(deps, trx, { vendorId, amount: credits, reason: 'purchase', note: `Bought ${credits} credits` });
    return;
  }
  const periodEnd = Number(invoice.period_end);
  if (invoice.kind === 'upgrade') {
    await repo.updateAccount(trx, vendorId, { plan_id: invoice.plan_id, pending_plan_id: null, cancel_at_period_end: 0 }, now);
    await grantCredits(deps, trx, {
      vendorId,
      amount: credits,
      reason: 'plan',
      note: `Upgrade to ${invoice.plan_name}: extra credits for the rest of this period`,
    });
    return;
  }
  // A plan started or renewed: a new period, its credits, the next renewal on the clock.
  await repo.updateAccount(
    trx,
    vendorId,
    {
      plan_id: invoice.plan_id,
      current_period_start: Number(invoice.period_start),
      current_period_end: periodEnd,
      ...(invoice.kind === 'subscription' ? { cancel_at_period_end: 0, pending_plan_id: null } : {}),
    },
    now,
  );
  await setStatus(deps, trx, vendorId, 'active');
  await grantCredits(deps, trx, {
    vendorId,
    amount: credits,
    reason: 'plan',
    note: `${invoice.plan_name} plan: credits for ${day(Number(invoice.period_start))} – ${day(periodEnd)}`,
  });
  await deps.jobs.enqueue(trx, {
    name: BILLING_JOBS.renew,
    payload: { vendorId, periodEnd } satisfies RenewJob,
    runAt: periodEnd,
    dedupeKey: `${vendorId}:${periodEnd}`,
  });
}
