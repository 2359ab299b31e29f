import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import type { Credits, CreditsQuery } from '../../shared/contracts/marketplace';
import { decodePageCursor, encodePageCursor } from '../core/http/page-cursor';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import type { AuthContext } from '../core/http/require-auth';
import * as repo from './credits.repository';
import type { CreditReason } from './credits.table';

type Change = { vendorId: string; amount: number; reason: CreditReason; quoteId?: string | null; note?: string | null };

/**
 * Gives credits (a trial grant, a refund, a purchase, a plan's monthly grant) in the caller's
 * transaction: a ledger row, the balance, and `credits.changed`.
 */
export async function grantCredits(deps: Pick<CoreDeps, 'clock' | 'events'>, trx: Kysely<DB>, change: Change): Promise<number> {
  if (change.amount <= 0) return repo.balanceOf(trx, change.vendorId);
  const balance = await repo.addToBalance(trx, change.vendorId, change.amount);
  await repo.insertEntry(trx, {
    vendorId: change.vendorId,
    delta: change.amount,
    reason: change.reason,
    quoteId: change.quoteId,
    note: change.note,
    balanceAfter: balance,
    now: deps.clock.now(),
  });
  await deps.events.publish(trx, 'credits.changed', { vendorId: change.vendorId, balance, delta: change.amount, reason: change.reason });
  return balance;
}

/**
 * Spends credits in the caller's transaction, never below zero: the balance shrinks only if it
 * covers the amount (one conditional statement, which answers the new balance), then the ledger
 * row. Returns the new balance, or null when it did not cover it (nothing changed).
 */
export async function spendCredits(deps: Pick<CoreDeps, 'clock' | 'events'>, trx: Kysely<DB>, change: Change): Promise<number | null> {
  if (change.amount <= 0) return repo.balanceOf(trx, change.vendorId);
  const balance = await repo.takeFromBalance(trx, change.vendorId, change.amount);
  if (balance === null) return null;
  await repo.insertEntry(trx, {
    vendorId: change.vendorId,
    delta: -change.amount,
    reason: change.reason,
    quoteId: change.quoteId,
    note: change.note,
    balanceAfter: balance,
    now: deps.clock.now(),
  });
  await deps.events.publish(trx, 'credits.changed', { vendorId: change.vendorId, balance, delta: -change.amount, reason: change.reason });
  return balance;
}

/** The balance alone (what a quote screen shows before spending). */
export function creditBalance(db: Kysely<DB>, vendorId: string): Promise<number> {
  return repo.balanceOf(db, vendorId);
}

/**
 * `GET /api/credits`: the balance and a page of the ledger, newest first, each row with the
 * balance it left. Anyone of the business who quotes may see it.
 */
export async function getCredits(deps: Pick<CoreDeps, 'database' | 'links'>, auth: AuthContext, query: CreditsQuery): Promise<Credits> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const after = query.cursor ? decodePageCursor(deps.links, 'credits', query.cursor) : null;
  const [balance, rows] = await Promise.all([repo.balanceOf(db, auth.vendorId), repo.listEntries(db, auth.vendorId, query.limit + 1, after)]);
  const entries = rows.slice(0, query.limit);
  const last = entries.at(-1);
  return {
    balance,
    nextCursor: rows.length > query.limit && last ? encodePageCursor(deps.links, 'credits', { createdAt: Number(last.created_at), id: last.id }) : null,
    entries: entries.map((row) => ({
      id: row.id,
      delta: Number(row.delta),
      reason: row.reason,
      ...(row.quote_id ? { quoteId: row.quote_id } : {}),
      ...(row.note ? { note: row.note } : {}),
      balanceAfter: row.balance_after === null ? null : Number(row.balance_after),
      createdAt: Number(row.created_at),
    })),
  };
}
