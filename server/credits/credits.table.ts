import type { Selectable } from 'kysely';

/** Why credits came or went: the trial grant, a lead quoted, a refund, a pack bought, a plan's monthly grant, an operator's adjustment. */
export type CreditReason = 'trial' | 'lead' | 'refund' | 'purchase' | 'plan' | 'adjustment';

/** The ledger: every change of a business's credits is a row; the balance is their sum. */
export interface CreditEntriesTable {
  id: string;
  vendor_id: string;
  delta: number;
  reason: CreditReason;
  quote_id: string | null;
  note: string | null;
  /** The balance once this row applied (a running balance; null only for rows older than migration 014's backfill could read). */
  balance_after: number | null;
  created_at: number;
}

/** The sum of a business's ledger, kept beside it so a spend is one conditional UPDATE (never below 0). */
export interface CreditBalancesTable {
  vendor_id: string;
  balance: number;
}

export interface CreditsTables {
  credit_entries: CreditEntriesTable;
  credit_balances: CreditBalancesTable;
}

export type CreditEntryRow = Selectable<CreditEntriesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends CreditsTables {}
}
