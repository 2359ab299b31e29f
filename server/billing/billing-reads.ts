import type { Kysely } from 'kysely';
import { addMonths, monthsOf } from '../../shared/billing/billing-period';
import { prorateChange } from '../../shared/billing/proration';
import type { Billing, BillingStatus, Invoice, InvoiceList, PlanChangePreview } from '../../shared/contracts/billing';
import { findVendor } from '../business';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import { decodePageCursor, encodePageCursor } from '../core/http/page-cursor';
import type { AuthContext } from '../core/http/require-auth';
import { creditBalance } from '../credits';
import { day, planById, plansOf, requireOwner, type BillingDeps, type Plan } from './billing.deps';
import * as repo from './billing.repository';
import type { BillingAccountRow, InvoiceRow } from './billing.table';

/* Reading: the billing page, invoices and what a plan change would cost. Nothing here writes. */

/** An invoice as the API shows it (a draft is still open to the vendor). */
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

/** The billing page's state of a business. */
export async function billingOf(deps: BillingDeps, db: Kysely<DB>, vendorId: string): Promise<Billing> {
  const [vendor, account, credits, open] = await Promise.all([
    findVendor(db, vendorId),
    repo.findAccount(db, vendorId),
    creditBalance(db, vendorId),
    repo.findOpenInvoice(db, vendorId),
  ]);
  const status = (vendor?.payment_status ?? 'trialing') as BillingStatus;
  const card =
    account?.payment_method_id && account.card_brand && account.card_last4
      ? {
          brand: account.card_brand as NonNullable<Billing['paymentMethod']>['brand'],
          last4: account.card_last4,
          expMonth: Number(account.card_exp_month),
          expYear: Number(account.card_exp_year),
        }
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

/** The plan `planId` names, or a 400 on the field. */
export function knownPlan(deps: BillingDeps, planId: string): Plan {
  const plan = planById(deps, planId);
  if (!plan) throw new AppError(400, 'validation-failed', 'There is no such plan.', [{ path: 'planId', message: 'Choose one of the plans shown' }]);
  return plan;
}

/** Whether the business has a plan that runs (paid, not ended). */
export function runningPlan(deps: BillingDeps, account: BillingAccountRow | null, status: BillingStatus): { plan: Plan; start: number; end: number } | null {
  if (!account || (status !== 'active' && status !== 'payment_failed')) return null;
  const plan = planById(deps, account.plan_id);
  if (!plan || account.current_period_start === null || account.current_period_end === null) return null;
  return { plan, start: Number(account.current_period_start), end: Number(account.current_period_end) };
}

/** What choosing `next` would do now: start, resume, upgrade (prorated) or downgrade at the period's end. */
export function planChangeOf(deps: BillingDeps, account: BillingAccountRow | null, status: BillingStatus, next: Plan): PlanChangePreview {
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
  const change = prorateChange({
    current: running.plan,
    next,
    currency,
    periodStart: running.start,
    periodEnd: running.end,
    at: Math.min(Math.max(now, running.start), running.end - 1),
  });
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
