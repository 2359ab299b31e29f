import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { vendorFieldsOf } from './business-record';
import type { VendorRow } from './business.table';

/** A new business with no categories and onboarding not started. */
export async function insertVendor(db: Kysely<DB>, vendor: { id: string; businessName: string; now: number }): Promise<void> {
  await db
    .insertInto('vendors')
    .values({
      id: vendor.id,
      business_name: vendor.businessName,
      payment_status: 'trialing',
      last_completed_step: 0,
      categories: '[]',
      fields: '{}',
      created_at: vendor.now,
      updated_at: vendor.now,
    })
    .execute();
}

export function findVendor(db: Kysely<DB>, id: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the business's row lock for the rest of the transaction (PostgreSQL; SQLite's write
 * transactions are exclusive already), so concurrent changes of one business queue.
 */
export async function lockVendor(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable('vendors')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .execute();
}

/** Deletes the business; everything that references it goes with it (foreign-key cascades). */
export async function deleteVendor(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('vendors').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Sets the business's `payment_status` (billing's: trialing, active, payment_failed, canceled), which the guard reads. */
export async function setPaymentStatus(db: Kysely<DB>, id: string, status: string, now: number): Promise<void> {
  await db.updateTable('vendors').set({ payment_status: status, updated_at: now }).where('id', '=', id).execute();
}

/** Records onboarding as done with the given categories (vendor type ids). */
export async function completeOnboarding(db: Kysely<DB>, id: string, vendorTypeIds: number[], now: number): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ last_completed_step: 1, categories: JSON.stringify(vendorTypeIds), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Reads the business inside a write transaction, locking its row on PostgreSQL so concurrent
 * read-modify-write saves queue (SQLite's write transactions are already exclusive).
 */
export function findVendorForUpdate(db: Kysely<DB>, id: string, dialect: 'sqlite' | 'postgres'): Promise<VendorRow | undefined> {
  const query = db.selectFrom('vendors').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Applies a form save's changes to the business (fields merged; null removes a field). Call in a write transaction. */
export async function applyVendorChanges(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  id: string,
  changes: { fields: Record<string, string | number | boolean | null>; categories?: number[]; lastCompletedStep?: number; businessName?: string },
  now: number,
): Promise<void> {
  const current = await findVendorForUpdate(db, id, dialect);
  if (!current) return;
  const fields = vendorFieldsOf(current);
  for (const [key, value] of Object.entries(changes.fields)) {
    if (value === null) delete fields[key];
    else fields[key] = value;
  }
  await db
    .updateTable('vendors')
    .set({
      fields: JSON.stringify(fields),
      updated_at: now,
      ...(changes.categories ? { categories: JSON.stringify(changes.categories) } : {}),
      ...(changes.lastCompletedStep !== undefined ? { last_completed_step: Math.max(current.last_completed_step, changes.lastCompletedStep) } : {}),
      ...(changes.businessName ? { business_name: changes.businessName } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The ids of businesses past onboarding. */
export async function listOnboardedVendorIds(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('vendors').select('id').where('last_completed_step', '>=', 1).execute()).map((row) => row.id);
}

/** Of these businesses, the ones whose last payment did not fail (a business locked on its payment screen cannot quote). */
export async function vendorsInGoodStanding(db: Kysely<DB>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('vendors')
    .select('id')
    .where('id', 'in', [...ids])
    .where('payment_status', '!=', 'payment_failed')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The names of businesses, by id (for lists that show whose a quote is). */
export async function businessNames(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('vendors')
    .select(['id', 'business_name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.business_name]));
}

/** A page of the businesses past onboarding, ordered by id after `after` (keyset): their id, name and when they last changed. */
export async function listOnboardedBusinesses(db: Kysely<DB>, page: { after?: string | undefined; limit: number }) {
  let query = db.selectFrom('vendors').select(['id', 'business_name', 'updated_at']).where('last_completed_step', '>=', 1);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map((row) => ({ id: row.id, businessName: row.business_name, updatedAt: Number(row.updated_at) }));
}
