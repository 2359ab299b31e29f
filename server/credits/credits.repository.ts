import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { PagePosition } from '../core/http/page-cursor';
import type { CreditEntryRow, CreditReason } from './credits.table';
import { afterPosition } from '../core/db/keyset';

export async function balanceOf(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db.selectFrom('credit_balances').select('balance').where('vendor_id', '=', vendorId).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** Adds `amount` (≥ 0) to the balance, creating it at need; returns the new balance (one statement). */
export async function addToBalance(db: Kysely<DB>, vendorId: string, amount: number): Promise<number> {
  const row = await db
    .insertInto('credit_balances')
    .values({ vendor_id: vendorId, balance: amount })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet((eb) => ({ balance: eb('credit_balances.balance', '+', amount) })))
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Takes `amount` from the balance in one conditional statement (STYLE: limited resources): it
 * changes a row only while the balance covers it, so concurrent spends can never overdraw.
 */
export async function takeFromBalance(db: Kysely<DB>, vendorId: string, amount: number): Promise<number | null> {
  const row = await db
    .updateTable('credit_balances')
    .set((eb) => ({ balance: eb('balance', '-', amount) }))
    .where('vendor_id', '=', vendorId)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst();
  return row ? Number(row.balance) : null;
}

/** A ledger row, with the balance it left (read in the same transaction, after the balance moved). */
export async function insertEntry(
  db: Kysely<DB>,
  entry: { vendorId: string; delta: number; reason: CreditReason; quoteId?: string | null; note?: string | null; balanceAfter: number; now: number },
): Promise<void> {
  await db
    .insertInto('credit_entries')
    .values({
      id: randomUUID(),
      vendor_id: entry.vendorId,
      delta: entry.delta,
      reason: entry.reason,
      quote_id: entry.quoteId ?? null,
      note: entry.note ?? null,
      balance_after: entry.balanceAfter,
      created_at: entry.now,
    })
    .execute();
}

/** One page of the ledger, newest first, after `after` when given (one row more than `limit` tells there is a next page). */
export function listEntries(db: Kysely<DB>, vendorId: string, limit: number, after?: PagePosition | null): Promise<CreditEntryRow[]> {
  let query = db.selectFrom('credit_entries').selectAll().where('vendor_id', '=', vendorId);
  if (after) {
    query = query.where((eb) => afterPosition(eb, { key: 'created_at', id: 'id' }, '<', { key: after.createdAt, id: after.id }));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The sum of the whole ledger (what the balance must always equal). */
export async function ledgerSum(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('total'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
