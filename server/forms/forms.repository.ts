import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { FormDataRow } from './forms.table';

export function findFormData(db: Kysely<DB>, vendorId: string, formId: string): Promise<FormDataRow | undefined> {
  return db.selectFrom('form_data').selectAll().where('vendor_id', '=', vendorId).where('form_id', '=', formId).executeTakeFirst();
}

export function listFormData(db: Kysely<DB>, vendorId: string): Promise<FormDataRow[]> {
  return db.selectFrom('form_data').selectAll().where('vendor_id', '=', vendorId).execute();
}

/** Inserts or replaces a business's data for a form. */
export async function saveFormData(db: Kysely<DB>, row: FormDataRow): Promise<void> {
  await db
    .insertInto('form_data')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['vendor_id', 'form_id']).doUpdateSet({ version: row.version, data: row.data, updated_by: row.updated_by, updated_at: row.updated_at }),
    )
    .execute();
}
