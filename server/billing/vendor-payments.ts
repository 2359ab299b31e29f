import { addMonths, monthsOf } from '../../shared/billing/billing-period';
import type { Billing } from '../../shared/contracts/billing';
import { listUsers } from '../auth';
import { AppError } from '../core/http/app-error';
import { IDEMPOTENCY_KEEP_MS } from '../core/http/idempotency';
import type { AuthContext } from '../core/http/require-auth';
import { billingOf, knownPlan, planChangeOf, runningPlan } from './billing-reads';
import { declined, planById, plansOf, requireOwner, type BillingDeps, type Card, type Plan } from './billing.deps';
import * as repo from './billing.repository';
import type { BillingAccountRow, InvoiceRow } from './billing.table';
import { statusOf } from './payment-status';
import { chargeInvoice, draftInvoice, type NewInvoice } from './settlement';

/* Payments the vendor starts: the card, a plan (start, change, cancel) and credit packs. */

/** How long one payment of a business may hold its turn (a crashed request frees it after this). */
const PAYMENT_TURN_MS = 60_000;

/**
 * Runs one payment action of a business alone: a second one while the first is under way is a
 * 409 (two tabs, a double click with two keys), so no two charges race on one account.
 */
async function inPaymentTurn<T>(deps: BillingDeps, vendorId: string, action: (account: BillingAccountRow) => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  await repo.ensureAccount(deps.database.db, vendorId, now);
  if (!(await repo.takePaymentTurn(deps.database.db, vendorId, now, now + PAYMENT_TURN_MS))) {
    throw new AppError(409, 'conflict', 'Another payment for your business is under way. Try again in a moment.');
  }
  try {
    return await action(await repo.ensureAccount(deps.database.db, vendorId, now));
  } finally {
    await repo.endPaymentTurn(deps.database.db, vendorId);
  }
}

/** The card on file, or a 402 asking for one. */
function requireCard(account: BillingAccountRow): Card {
  if (!account.customer_id || !account.payment_method_id || !account.card_brand || !account.card_last4) {
    throw new AppError(402, 'payment-method-required', 'Add a card first: the payment is taken from it.');
  }
  return { customerId: account.customer_id, paymentMethodId: account.payment_method_id, brand: account.card_brand, last4: account.card_last4 };
}

/** While a payment has failed, only a new card may be added (it retries the open invoice). */
async function refuseWhileFailed(deps: BillingDeps, vendorId: string): Promise<void> {
  if ((await statusOf(deps, vendorId)) === 'payment_failed') {
    throw new AppError(409, 'conflict', 'Your last payment failed. Update your payment method first: the open invoice is retried with the new card.');
  }
}

/** `PUT /api/billing/payment-method`: attaches the card; an open invoice is retried with it at once, and a failed retry keeps the old card. */
export async function setPaymentMethod(deps: BillingDeps, auth: AuthContext, paymentMethodId: string): Promise<Billing> {
  requireOwner(auth);
  return inPaymentTurn(deps, auth.vendorId, async (account) => {
    let customerId = account.customer_id;
    if (!customerId) {
      const owner = (await listUsers(deps.database.db, auth.vendorId)).find((user) => user.id === auth.userId);
      ({ customerId } = await deps.provider.createCustomer({
        businessId: auth.vendorId,
        email: owner?.email ?? '',
        idempotencyKey: `customer:${auth.vendorId}`,
      }));
      await repo.updateAccount(deps.database.db, auth.vendorId, { customer_id: customerId }, deps.clock.now());
    }
    const attached = await deps.provider.attachPaymentMethod({
      customerId,
      paymentMethodToken: paymentMethodId,
      idempotencyKey: `attach:${auth.vendorId}:${paymentMethodId}`,
    });
    if (!attached.ok) {
      if (attached.reason === 'unknown-payment-method') {
        throw new AppError(400, 'validation-failed', 'This card is not known to the payment provider. Enter it again.', [
          { path: 'paymentMethodId', message: 'Enter the card again' },
        ]);
      }
      if (attached.reason === 'unknown-customer') throw new Error(`The provider does not know the customer of business ${auth.vendorId}`);
      throw declined(`${attached.message} Nothing was changed: try another card.`);
    }
    const card = attached.paymentMethod;
    const open = await repo.findOpenInvoice(deps.database.db, auth.vendorId);
    if (open) {
      const outcome = await chargeInvoice(deps, open, { customerId, paymentMethodId: card.id, brand: card.brand, last4: card.last4 }, 'vendor');
      if (outcome.status === 'failed') throw declined(`${outcome.message} The card was not saved and the invoice is still open: try another card.`);
    }
    await repo.updateAccount(
      deps.database.db,
      auth.vendorId,
      { payment_method_id: card.id, card_brand: card.brand, card_last4: card.last4, card_exp_month: card.expMonth, card_exp_year: card.expYear },
      deps.clock.now(),
    );
    return billingOf(deps, deps.database.db, auth.vendorId);
  });
}

/** `POST /api/billing/subscription`: starts a plan (the full price now), upgrades now (the prorated difference), schedules a downgrade, or keeps a plan being canceled. */
export async function choosePlan(deps: BillingDeps, auth: AuthContext, planId: string, requestKey: string | null = null): Promise<Billing> {
  requireOwner(auth);
  const next = knownPlan(deps, planId);
  await refuseWhileFailed(deps, auth.vendorId);
  return inPaymentTurn(deps, auth.vendorId, async (account) => {
    const request = await requestOf(deps, auth.vendorId, requestKey);
    if (request.earlier?.status === 'paid') return billingOf(deps, deps.database.db, auth.vendorId);
    const status = await statusOf(deps, auth.vendorId);
    const change = planChangeOf(deps, account, status, next);
    const now = deps.clock.now();
    const db = deps.database.db;
    switch (change.change) {
      case 'none':
        throw new AppError(409, 'conflict', `You are already on the ${next.name} plan.`);
      case 'resume':
        await repo.updateAccount(db, auth.vendorId, { cancel_at_period_end: 0, pending_plan_id: null }, now);
        break;
      case 'downgrade':
        await repo.updateAccount(db, auth.vendorId, { pending_plan_id: next.id, cancel_at_period_end: 0 }, now);
        break;
      case 'start': {
        const card = requireCard(account);
        const end = addMonths(now, monthsOf(next.interval));
        await payNow(
          deps,
          auth.vendorId,
          card,
          {
            kind: 'subscription',
            description: change.description,
            amountCents: next.priceCents,
            plan: next,
            credits: next.monthlyCredits,
            periodStart: now,
            periodEnd: end,
          },
          request,
        );
        break;
      }
      case 'upgrade':
      case 'lateral': {
        const card = requireCard(account);
        const current = planById(deps, account.plan_id) as Plan;
        const start = Number(account.current_period_start);
        const end = Number(account.current_period_end);
        // The extra credits of the better plan, for the share of the period that is left.
        const extra = Math.max(0, Math.round(((next.monthlyCredits - current.monthlyCredits) * (end - now)) / (end - start)));
        await payNow(
          deps,
          auth.vendorId,
          card,
          {
            kind: 'upgrade',
            description: change.description,
            amountCents: change.amountDueNowCents,
            plan: next,
            credits: extra,
            periodStart: now,
            periodEnd: end,
          },
          request,
        );
        break;
      }
    }
    return billingOf(deps, db, auth.vendorId);
  });
}

/** `DELETE /api/billing/subscription`: the plan ends at the period's end (credits stay). */
export async function cancelPlan(deps: BillingDeps, auth: AuthContext): Promise<Billing> {
  requireOwner(auth);
  return inPaymentTurn(deps, auth.vendorId, async (account) => {
    if (!runningPlan(deps, account, await statusOf(deps, auth.vendorId))) throw new AppError(409, 'conflict', 'There is no running plan to cancel.');
    await repo.updateAccount(deps.database.db, auth.vendorId, { cancel_at_period_end: 1, pending_plan_id: null }, deps.clock.now());
    return billingOf(deps, deps.database.db, auth.vendorId);
  });
}

/** `POST /api/billing/credit-purchases`: a pack of credits, charged now. */
export async function buyCredits(deps: BillingDeps, auth: AuthContext, packId: string, requestKey: string | null = null): Promise<Billing> {
  requireOwner(auth);
  const pack = plansOf(deps).creditPacks.find((candidate) => candidate.id === packId);
  if (!pack) throw new AppError(400, 'validation-failed', 'There is no such credit pack.', [{ path: 'packId', message: 'Choose one of the packs shown' }]);
  await refuseWhileFailed(deps, auth.vendorId);
  return inPaymentTurn(deps, auth.vendorId, async (account) => {
    const request = await requestOf(deps, auth.vendorId, requestKey);
    if (request.earlier?.status !== 'paid') {
      const card = requireCard(account);
      await payNow(
        deps,
        auth.vendorId,
        card,
        { kind: 'credits', description: `${pack.credits} lead credits`, amountCents: pack.priceCents, packId: pack.id, credits: pack.credits },
        request,
      );
    }
    return billingOf(deps, deps.database.db, auth.vendorId);
  });
}

/**
 * The vendor's request that may charge: its Idempotency-Key, and the invoice an earlier run of
 * it drafted when that run's process died before answering (the retry then finishes that run).
 */
interface PaymentRequest {
  key: string | null;
  earlier?: InvoiceRow | undefined;
}

/** The request behind a charge, with the invoice an earlier run of its key drafted, if any. */
async function requestOf(deps: BillingDeps, vendorId: string, key: string | null): Promise<PaymentRequest> {
  // A key is one request for as long as its answer is kept; used again later, it is a new one.
  const since = deps.clock.now() - IDEMPOTENCY_KEEP_MS;
  return { key, earlier: key ? await repo.findRequestInvoice(deps.database.db, vendorId, key, since) : undefined };
}

/**
 * A charge the vendor asked for: a draft invoice, the charge, then paid, or a 402 and no trace
 * (the draft goes). A draft an earlier run of the request charged is charged again with that
 * attempt's provider key: the provider answers what it did then, so no second charge is made.
 */
async function payNow(deps: BillingDeps, vendorId: string, card: Card, invoice: NewInvoice, request: PaymentRequest): Promise<void> {
  const row = request.earlier ?? (await draftInvoice(deps, deps.database.db, vendorId, invoice, request.key));
  const charged = Number(row.attempts);
  const outcome = await chargeInvoice(deps, row, card, 'vendor', request.earlier && charged > 0 ? charged : undefined);
  if (outcome.status === 'failed') throw declined(`${outcome.message} Nothing was charged: try another card.`);
}
