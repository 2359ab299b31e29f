import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';

/** Which of `formIds` the business has saved at least once (one query, ids only). */
export async function savedFormIds(db: Kysely<DB>, vendorId: string, formIds: readonly string[]): Promise<Set<string>> {
  if (formIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('form_data')
    .select('form_id')
    .where('vendor_id', '=', vendorId)
    .where('form_id', 'in', [...formIds])
    .execute();
  return new Set(rows.map((row) => row.form_id));
}
