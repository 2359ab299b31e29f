import type { Generated, Selectable } from 'kysely';

/** A business (the vendor). Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite). */
export interface VendorsTable {
  id: string;
  business_name: string;
  payment_status: string;
  last_completed_step: number;
  /** JSON array of vendor type ids. */
  categories: string;
  /** JSON object of vendor-record fields written by forms (the guard's fields among them). */
  fields: string;
  created_at: number;
  updated_at: number;
  /** Bumped by the database on every write to the business's quotes (migration 013): the quote lists' cache version. */
  quotes_version: Generated<number>;
}

/** The business module's tables. */
export interface BusinessTables {
  vendors: VendorsTable;
}

export type VendorRow = Selectable<VendorsTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends BusinessTables {}
}
