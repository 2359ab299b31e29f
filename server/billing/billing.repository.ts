import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB } from '../core/db/schema';
import type { PagePosition } from '../core/http/page-cursor';
import type { BillingAccountRow, BillingAccountsTable, InvoiceRow, InvoicesTable } from './billing.table';
import { afterPosition } from '../core/db/keyset';

export function newInvoiceId(): string {
  return `in_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
}

/** The business's billing row, made (empty) on first use. */
export async function ensureAccount(db: Kysely<DB>, vendorId: string, now: number): Promise<BillingAccountRow> {
  await db
    .insertInto('billing_accounts')
    .values({ vendor_id: vendorId, cancel_at_period_end: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('vendor_id').doNothing())
    .execute();
  return db.selectFrom('billing_accounts').selectAll().where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
}

export function findAccount(db: Kysely<DB>, vendorId: string): Promise<BillingAccountRow | undefined> {
  return db.selectFrom('billing_accounts').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
}

export async function updateAccount(db: Kysely<DB>, vendorId: string, changes: Updateable<BillingAccountsTable>, now: number): Promise<void> {
  await db
    .updateTable('billing_accounts')
    .set({ ...changes, updated_at: now })
    .where('vendor_id', '=', vendorId)
    .execute();
}

/**
 * Marks a payment of the business as under way until `until`, in one conditional statement:
 * false when another is (two purchases at once never both charge before either is recorded).
 */
export async function takePaymentTurn(db: Kysely<DB>, vendorId: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('billing_accounts')
    .set({ busy_until: until })
    .where('vendor_id', '=', vendorId)
    .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function endPaymentTurn(db: Kysely<DB>, vendorId: string): Promise<void> {
  await db.updateTable('billing_accounts').set({ busy_until: null }).where('vendor_id', '=', vendorId).execute();
}

export async function insertInvoice(db: Kysely<DB>, invoice: Insertable<InvoicesTable>): Promise<void> {
  await db.insertInto('invoices').values(invoice).execute();
}

export function findInvoice(db: Kysely<DB>, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The invoice a vendor's request (by its Idempotency-Key, used since `since`) drafted, if a run of it got that far. */
export function findRequestInvoice(db: Kysely<DB>, vendorId: string, requestKey: string, since: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('request_key', '=', requestKey)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findVendorInvoice(db: Kysely<DB>, vendorId: string, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).where('status', '!=', 'draft').executeTakeFirst();
}

/** The failed renewal being retried, if any. */
export function findOpenInvoice(db: Kysely<DB>, vendorId: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('vendor_id', '=', vendorId).where('status', '=', 'open').orderBy('created_at', 'desc').executeTakeFirst();
}

/** The renewal invoice for the period starting at `periodStart` (a renewal job that runs twice finds the first's). */
export function findRenewal(db: Kysely<DB>, vendorId: string, periodStart: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('kind', '=', 'renewal')
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
}

export async function updateInvoice(db: Kysely<DB>, id: string, changes: Updateable<InvoicesTable>, now: number): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Counts one more charge attempt; returns its number (the charge's idempotency key carries it). */
export async function nextAttempt(db: Kysely<DB>, id: string, now: number): Promise<number> {
  await db
    .updateTable('invoices')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('invoices').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.attempts);
}

/**
 * Claims the outcome of attempt `attempt` for applying, once: the caller and the provider's
 * webhook may both bring it, and only the first changes anything.
 */
export async function claimSettlement(db: Kysely<DB>, id: string, attempt: number): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ settled_attempt: attempt })
    .where('id', '=', id)
    .where('settled_attempt', '<', attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteInvoice(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('invoices').where('id', '=', id).execute();
}

/** A page of the business's invoices (drafts never), newest first. */
export function listInvoices(db: Kysely<DB>, vendorId: string, limit: number, after: PagePosition | null): Promise<InvoiceRow[]> {
  let query = db.selectFrom('invoices').selectAll().where('vendor_id', '=', vendorId).where('status', '!=', 'draft');
  if (after) {
    query = query.where((eb) => afterPosition(eb, { key: 'created_at', id: 'id' }, '<', { key: after.createdAt, id: after.id }));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Records a provider event's id; false when it was received before. */
export async function recordWebhookEvent(db: Kysely<DB>, event: { id: string; type: string; payload: string; now: number }): Promise<boolean> {
  const result = await db
    .insertInto('billing_webhook_events')
    .values({ id: event.id, type: event.type, payload: event.payload, received_at: event.now, processed_at: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findWebhookEvent(db: Kysely<DB>, id: string) {
  return db.selectFrom('billing_webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markWebhookProcessed(db: Kysely<DB>, id: string, now: number): Promise<void> {
  await db.updateTable('billing_webhook_events').set({ processed_at: now }).where('id', '=', id).execute();
}
