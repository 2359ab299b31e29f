import type { Selectable } from 'kysely';

/** A business's answers to one form. */
export interface FormDataTable {
  vendor_id: string;
  form_id: string;
  /** The form's schema version the data was saved under. */
  version: number;
  /** JSON object. */
  data: string;
  updated_by: string;
  updated_at: number;
}

/** The forms module's table. */
export interface FormsTables {
  form_data: FormDataTable;
}

export type FormDataRow = Selectable<FormDataTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends FormsTables {}
}
