import type { Kysely } from 'kysely';
import type { DB, VendorRow } from '../db/schema';

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
  const fields = JSON.parse(current.fields) as Record<string, unknown>;
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
