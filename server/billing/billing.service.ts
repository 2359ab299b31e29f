import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import { addMonths, monthsOf } from '../../shared/billing/billing-period';
import { prorateChange } from '../../shared/billing/proration';
import type { Billing, BillingStatus, Invoice, InvoiceList, PlanChangePreview } from '../../shared/contracts/billing';
import type { PlansFile } from '../../shared/contracts/plans';
import { ROLES } from '../../shared/ability/roles';
import { listUsers } from '../auth';
import { findVendor, lockVendor, setPaymentStatus } from '../business';
import type { ConfigSnapshot } from '../config';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { IDEMPOTENCY_KEEP_MS } from '../core/http/idempotency';
import { decodePageCursor, encodePageCursor } from '../core/http/page-cursor';
import type { AuthContext } from '../core/http/require-auth';
import { creditBalance, grantCredits } from '../credits';
import * as repo from './billing.repository';
import type { BillingAccountRow, InvoiceKind, InvoiceRow } from './billing.table';
import type { ChargeFailureReason, PaymentProvider } from './payment-provider';

export interface BillingDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  provider: PaymentProvider;
}

type Plan = PlansFile['plans'][number];

/** Renewal jobs and the dunning retries (README: Billing). */
export const BILLING_JOBS = { renew: 'billing.renew', retry: 'billing.retry-invoice', webhook: 'billing.webhook' } as const;

/** Days after a failed renewal when its invoice is charged again; after the last, the subscription is canceled. */
export const DUNNING_RETRY_DAYS = [3, 5] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long one payment of a business may hold its turn (a crashed request frees it after this). */
const PAYMENT_TURN_MS = 60_000;

/** What made a charge: the vendor, the renewal on the clock, or a dunning retry. Carried in the charge's metadata. */
export type ChargeTrigger = 'vendor' | 'renewal' | 'dunning';

export type ChargeOutcome = { status: 'succeeded'; chargeId: string } | { status: 'failed'; chargeId: string | null; reason: ChargeFailureReason; message: string };

function plansOf(deps: Pick<BillingDeps, 'schemas'>): PlansFile {
  return deps.schemas().config.plans;
}

function planById(deps: Pick<BillingDeps, 'schemas'>, id: string | null): Plan | null {
  return id === null ? null : (plansOf(deps).plans.find((plan) => plan.id === id) ?? null);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (ms: number) => dateFormat.format(ms);

function requireOwner(auth: AuthContext): void {
  ForbiddenError.from(auth.ability).setMessage('Only the account owner can see and change billing.').throwUnlessCan('manage', 'Billing');
}

function declined(message: string): AppError {
  return new AppError(402, 'card-declined', message);
}

// ——— Reading ———————————————————————————————————————————————————————————————————————————————

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    description: row.description,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status === 'draft' ? 'open' : row.status,
    createdAt: Number(row.created_at),
    kind: row.kind,
    planId: row.plan_id,
    planName: row.plan_name,
    packId: row.pack_id,
    credits: row.credits === null ? null : Number(row.credits),
    periodStart: row.period_start === null ? null : Number(row.period_start),
    periodEnd: row.period_end === null ? null : Number(row.period_end),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand as NonNullable<Invoice['card']>['brand'], last4: row.card_last4 } : null,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
  };
}

async function billingOf(deps: BillingDeps, db: Kysely<DB>, vendorId: string): Promise<Billing> {
  const [vendor, account, credits, open] = await Promise.all([findVendor(db, vendorId), repo.findAccount(db, vendorId), creditBalance(db, vendorId), repo.findOpenInvoice(db, vendorId)]);
  const status = (vendor?.payment_status ?? 'trialing') as BillingStatus;
  const card =
    account?.payment_method_id && account.card_brand && account.card_last4
      ? { brand: account.card_brand as NonNullable<Billing['paymentMethod']>['brand'], last4: account.card_last4, expMonth: Number(account.card_exp_month), expYear: Number(account.card_exp_year) }
      : null;
  return {
    plan: account?.plan_id ?? null,
    status,
    credits,
    currentPeriodEnd: account?.current_period_end == null ? null : Number(account.current_period_end),
    paymentMethod: card,
    currentPeriodStart: account?.current_period_start == null ? null : Number(account.current_period_start),
    cancelAtPeriodEnd: Number(account?.cancel_at_period_end ?? 0) === 1,
    pendingPlan: account?.pending_plan_id ?? null,
    currency: plansOf(deps).currency,
    openInvoice: open ? toInvoice(open) : null,
  };
}

/** `GET /api/billing`. */
export async function getBilling(deps: BillingDeps, auth: AuthContext): Promise<Billing> {
  requireOwner(auth);
  return billingOf(deps, deps.database.db, auth.vendorId);
}

/** `GET /api/billing/invoices`: a page, newest first. */
export async function listInvoices(deps: BillingDeps, auth: AuthContext, query: { limit: number; cursor?: string }): Promise<InvoiceList> {
  requireOwner(auth);
  const after = query.cursor ? decodePageCursor(deps.links, 'invoices', query.cursor) : null;
  const rows = await repo.listInvoices(deps.database.db, auth.vendorId, query.limit + 1, after);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toInvoice),
    nextCursor: rows.length > query.limit && last ? encodePageCursor(deps.links, 'invoices', { createdAt: Number(last.created_at), id: last.id }) : null,
  };
}

/** `GET /api/billing/invoices/:id`: one invoice (a receipt). */
export async function getInvoice(deps: BillingDeps, auth: AuthContext, id: string): Promise<Invoice> {
  requireOwner(auth);
  const row = await repo.findVendorInvoice(deps.database.db, auth.vendorId, id);
  if (!row) throw new AppError(404, 'not-found', 'No invoice with that id.');
  return toInvoice(row);
}

/** What choosing `planId` would do now (the change-plan screen shows it before the vendor confirms). */
export async function previewPlanChange(deps: BillingDeps, auth: AuthContext, planId: string): Promise<PlanChangePreview> {
  requireOwner(auth);
  const next = knownPlan(deps, planId);
  const [account, vendor] = await Promise.all([repo.findAccount(deps.database.db, auth.vendorId), findVendor(deps.database.db, auth.vendorId)]);
  return planChangeOf(deps, account ?? null, (vendor?.payment_status ?? 'trialing') as BillingStatus, next);
}

function knownPlan(deps: BillingDeps, planId: string): Plan {
  const plan = planById(deps, planId);
  if (!plan) throw new AppError(400, 'validation-failed', 'There is no such plan.', [{ path: 'planId', message: 'Choose one of the plans shown' }]);
  return plan;
}

/** Whether the business has a plan that runs (paid, not ended). */
function runningPlan(deps: BillingDeps, account: BillingAccountRow | null, status: BillingStatus): { plan: Plan; start: number; end: number } | null {
  if (!account || (status !== 'active' && status !== 'payment_failed')) return null;
  const plan = planById(deps, account.plan_id);
  if (!plan || account.current_period_start === null || account.current_period_end === null) return null;
  return { plan, start: Number(account.current_period_start), end: Number(account.current_period_end) };
}

function planChangeOf(deps: BillingDeps, account: BillingAccountRow | null, status: BillingStatus, next: Plan): PlanChangePreview {
  const { currency } = plansOf(deps);
  const now = deps.clock.now();
  const running = runningPlan(deps, account, status);
  if (!running) {
    const end = addMonths(now, monthsOf(next.interval));
    return {
      planId: next.id,
      change: 'start',
      takesEffect: 'now',
      effectiveAt: now,
      amountDueNowCents: next.priceCents,
      creditCents: 0,
      currency,
      description: `${next.name} plan, ${day(now)} – ${day(end)}`,
    };
  }
  const canceling = Number(account?.cancel_at_period_end ?? 0) === 1;
  if (running.plan.id === next.id) {
    const resumes = canceling || account?.pending_plan_id != null;
    return {
      planId: next.id,
      change: resumes ? 'resume' : 'none',
      takesEffect: 'now',
      effectiveAt: now,
      amountDueNowCents: 0,
      creditCents: 0,
      currency,
      description: resumes ? `Keep the ${next.name} plan: it renews on ${day(running.end)}` : `You are on the ${next.name} plan`,
    };
  }
  const change = prorateChange({ current: running.plan, next, currency, periodStart: running.start, periodEnd: running.end, at: Math.min(Math.max(now, running.start), running.end - 1) });
  if (change.change === 'upgrade' || change.change === 'lateral') {
    return {
      planId: next.id,
      change: change.change,
      takesEffect: 'now',
      effectiveAt: change.effectiveAt,
      amountDueNowCents: change.amountDueNowCents,
      creditCents: change.creditCents,
      currency,
      description: `${next.name} plan from today, prorated to ${day(running.end)}`,
    };
  }
  return {
    planId: next.id,
    change: 'downgrade',
    takesEffect: 'period-end',
    effectiveAt: running.end,
    amountDueNowCents: 0,
    creditCents: 0,
    currency,
    description: `${next.name} plan from ${day(running.end)}; ${running.plan.name} until then`,
  };
}

// ——— Changing ——————————————————————————————————————————————————————————————————————————————

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

function requireCard(account: BillingAccountRow): { customerId: string; paymentMethodId: string; brand: string; last4: string } {
  if (!account.customer_id || !account.payment_method_id || !account.card_brand || !account.card_last4) {
    throw new AppError(402, 'payment-method-required', 'Add a card first: the payment is taken from it.');
  }
  return { customerId: account.customer_id, paymentMethodId: account.payment_method_id, brand: account.card_brand, last4: account.card_last4 };
}

async function statusOf(deps: BillingDeps, vendorId: string): Promise<BillingStatus> {
  return ((await findVendor(deps.database.db, vendorId))?.payment_status ?? 'trialing') as BillingStatus;
}

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
      ({ customerId } = await deps.provider.createCustomer({ businessId: auth.vendorId, email: owner?.email ?? '', idempotencyKey: `customer:${auth.vendorId}` }));
      await repo.updateAccount(deps.database.db, auth.vendorId, { customer_id: customerId }, deps.clock.now());
    }
    const attached = await deps.provider.attachPaymentMethod({ customerId, paymentMethodToken: paymentMethodId, idempotencyKey: `attach:${auth.vendorId}:${paymentMethodId}` });
    if (!attached.ok) {
      if (attached.reason === 'unknown-payment-method') {
        throw new AppError(400, 'validation-failed', 'This card is not known to the payment provider. Enter it again.', [{ path: 'paymentMethodId', message: 'Enter the card again' }]);
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
        await payNow(deps, auth.vendorId, card, { kind: 'subscription', description: change.description, amountCents: next.priceCents, plan: next, credits: next.monthlyCredits, periodStart: now, periodEnd: end }, request);
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
        await payNow(deps, auth.vendorId, card, { kind: 'upgrade', description: change.description, amountCents: change.amountDueNowCents, plan: next, credits: extra, periodStart: now, periodEnd: end }, request);
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
      await payNow(deps, auth.vendorId, card, { kind: 'credits', description: `${pack.credits} lead credits`, amountCents: pack.priceCents, packId: pack.id, credits: pack.credits }, request);
    }
    return billingOf(deps, deps.database.db, auth.vendorId);
  });
}

interface NewInvoice {
  kind: InvoiceKind;
  description: string;
  amountCents: number;
  plan?: Plan;
  packId?: string;
  credits: number;
  periodStart?: number;
  periodEnd?: number;
}

type Card = { customerId: string; paymentMethodId: string; brand: string; last4: string };

/**
 * The vendor's request that may charge: its Idempotency-Key, and the invoice an earlier run of
 * it drafted when that run's process died before answering (the retry then finishes that run).
 */
interface PaymentRequest {
  key: string | null;
  earlier?: InvoiceRow | undefined;
}

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

async function draftInvoice(deps: BillingDeps, db: Kysely<DB>, vendorId: string, invoice: NewInvoice, requestKey: string | null = null): Promise<InvoiceRow> {
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
 * Applies the outcome of an invoice's charge attempt, once (README: Billing):
 * - paid: the invoice is paid; a plan starts, changes or renews (its credits granted, the next
 *   renewal scheduled); a pack's credits are granted; a failed payment is over (`active`).
 * - failed, asked for by the vendor: the draft goes (nothing changed).
 * - failed, a renewal or its retry: the invoice is open, `payment_failed`, the owner is mailed,
 *   retried after 3 and 5 days; after the last retry the subscription is canceled.
 */
export async function settleInvoice(deps: BillingDeps, invoiceId: string, attempt: number, outcome: ChargeOutcome, context: { trigger: ChargeTrigger; card: { brand: string; last4: string } }): Promise<void> {
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
  const fields = { invoiceId, vendorId: applied.vendor_id, kind: applied.kind, amountCents: Number(applied.amount_cents), attempt, trigger: context.trigger, card: `${context.card.brand} ${context.card.last4}` };
  if (outcome.status === 'succeeded') deps.logger.info('billing payment succeeded', fields);
  else deps.logger.warn('billing payment failed', { ...fields, reason: outcome.reason });
}

async function applyOutcome(deps: BillingDeps, trx: Kysely<DB>, invoice: InvoiceRow, outcome: ChargeOutcome, context: { trigger: ChargeTrigger; card: { brand: string; last4: string } }): Promise<void> {
  const now = deps.clock.now();
  if (outcome.status === 'succeeded') {
    if (invoice.status === 'paid' || invoice.status === 'void') return;
    await repo.updateInvoice(trx, invoice.id, { status: 'paid', paid_at: now, charge_id: outcome.chargeId, card_brand: context.card.brand, card_last4: context.card.last4, failure_reason: null, next_attempt_at: null }, now);
    await applyPaid(deps, trx, invoice);
    return;
  }
  if (invoice.kind !== 'renewal') {
    if (invoice.status === 'draft') await repo.deleteInvoice(trx, invoice.id);
    return;
  }
  if (invoice.status === 'paid' || invoice.status === 'void') return;
  await failedRenewal(deps, trx, invoice, outcome, context);
}

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
    await grantCredits(deps, trx, { vendorId, amount: credits, reason: 'plan', note: `Upgrade to ${invoice.plan_name}: extra credits for the rest of this period` });
    return;
  }
  // A plan started or renewed: a new period, its credits, the next renewal on the clock.
  await repo.updateAccount(
    trx,
    vendorId,
    { plan_id: invoice.plan_id, current_period_start: Number(invoice.period_start), current_period_end: periodEnd, ...(invoice.kind === 'subscription' ? { cancel_at_period_end: 0, pending_plan_id: null } : {}) },
    now,
  );
  await setStatus(deps, trx, vendorId, 'active');
  await grantCredits(deps, trx, { vendorId, amount: credits, reason: 'plan', note: `${invoice.plan_name} plan: credits for ${day(Number(invoice.period_start))} – ${day(periodEnd)}` });
  await deps.jobs.enqueue(trx, { name: BILLING_JOBS.renew, payload: { vendorId, periodEnd } satisfies RenewJob, runAt: periodEnd, dedupeKey: `${vendorId}:${periodEnd}` });
}

async function failedRenewal(deps: BillingDeps, trx: Kysely<DB>, invoice: InvoiceRow, outcome: Extract<ChargeOutcome, { status: 'failed' }>, context: { trigger: ChargeTrigger; card: { brand: string; last4: string } }): Promise<void> {
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
  await deps.jobs.enqueue(trx, { name: BILLING_JOBS.retry, payload: { invoiceId: invoice.id, step: step + 1 } satisfies RetryJob, runAt: nextAttemptAt, dedupeKey: `${invoice.id}:${step + 1}` });
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
  await repo.updateAccount(trx, invoice.vendor_id, { plan_id: null, pending_plan_id: null, cancel_at_period_end: 0, current_period_start: null, current_period_end: null }, now);
  await setStatus(deps, trx, invoice.vendor_id, 'canceled');
  await deps.events.publish(trx, 'billing.subscription-ended', { ...(await noticeOf(deps, trx, invoice.vendor_id)), planName: invoice.plan_name ?? '', reason: 'payment-failed' });
}

async function noticeOf(deps: BillingDeps, trx: Kysely<DB>, vendorId: string): Promise<{ vendorId: string; businessName: string; ownerEmails: string[] }> {
  const [vendor, users] = await Promise.all([findVendor(trx, vendorId), listUsers(trx, vendorId)]);
  return { vendorId, businessName: vendor?.business_name ?? '', ownerEmails: users.filter((user) => user.role === ROLES.owner).map((user) => user.email) };
}

async function setStatus(deps: BillingDeps, trx: Kysely<DB>, vendorId: string, status: BillingStatus): Promise<void> {
  const previous = (await findVendor(trx, vendorId))?.payment_status;
  if (previous === status) return;
  await setPaymentStatus(trx, vendorId, status, deps.clock.now());
  await deps.events.publish(trx, 'billing.status-changed', { vendorId, status, previous: previous ?? 'trialing' });
}

// ——— On the clock ——————————————————————————————————————————————————————————————————————————

export interface RenewJob {
  vendorId: string;
  periodEnd: number;
}

export interface RetryJob {
  invoiceId: string;
  /** 1 for the first dunning retry. */
  step: number;
}

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
    await deps.database.writeTransaction(async (trx) => {
      await repo.updateAccount(trx, job.vendorId, { plan_id: null, pending_plan_id: null, cancel_at_period_end: 0, current_period_start: null, current_period_end: null }, now);
      await setStatus(deps, trx, job.vendorId, 'canceled');
      await deps.events.publish(trx, 'billing.subscription-ended', { ...(await noticeOf(deps, trx, job.vendorId)), planName: planById(deps, account.plan_id)?.name ?? '', reason: 'canceled' });
    });
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

async function chargeWithAccountCard(deps: BillingDeps, invoice: InvoiceRow, trigger: ChargeTrigger): Promise<void> {
  const account = await repo.findAccount(deps.database.db, invoice.vendor_id);
  if (!account?.customer_id || !account.payment_method_id) {
    const attempt = await repo.nextAttempt(deps.database.db, invoice.id, deps.clock.now());
    await settleInvoice(deps, invoice.id, attempt, { status: 'failed', chargeId: null, reason: 'unknown-payment-method', message: 'There is no card on file.' }, { trigger, card: { brand: '', last4: '' } });
    return;
  }
  await chargeInvoice(deps, invoice, { customerId: account.customer_id, paymentMethodId: account.payment_method_id, brand: account.card_brand ?? '', last4: account.card_last4 ?? '' }, trigger);
}
