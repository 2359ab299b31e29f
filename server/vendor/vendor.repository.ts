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
