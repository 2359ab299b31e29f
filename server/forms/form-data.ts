import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { jsonObjectOf } from '../core/db/json-column';
import { findFormData } from './forms.repository';
import type { FormDataRow } from './forms.table';

/** A form's saved answers (the `form_data` row's mapper: the one place its `data` column is read). */
export function formDataOf(row: Pick<FormDataRow, 'data'>): Record<string, unknown> {
  return jsonObjectOf(row.data);
}

/** What a business saved in a form, or null when it never saved it. */
export async function readFormData(db: Kysely<DB>, vendorId: string, formId: string): Promise<Record<string, unknown> | null> {
  const row = await findFormData(db, vendorId, formId);
  return row ? formDataOf(row) : null;
}
