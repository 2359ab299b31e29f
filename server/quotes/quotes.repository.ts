import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import type { QuoteEventsTable, QuoteRow, QuotesTable } from './quotes.table';
import { afterPosition } from '../core/db/keyset';

export async function insertQuote(db: Kysely<DB>, row: QuotesTable): Promise<void> {
  await db.insertInto('quotes').values(row).execute();
}

/** The business's quote, or undefined (another business's quote is not found, never shown). */
export function findQuoteOf(db: Kysely<DB>, vendorId: string, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
}

export function findQuote(db: Kysely<DB>, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function quotesOfRequest(db: Kysely<DB>, requestId: string): Promise<QuoteRow[]> {
  return db.selectFrom('quotes').selectAll().where('request_id', '=', requestId).orderBy('submitted_at').orderBy('created_at').execute();
}

/** How many businesses got each of these requests. */
export async function countQuotesOfRequests(db: Kysely<DB>, requestIds: readonly string[]): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('quotes')
    .select(['request_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('request_id', 'in', [...new Set(requestIds)])
    .groupBy('request_id')
    .execute();
  return new Map(rows.map((row) => [row.request_id, Number(row.n)]));
}

export async function countQuotesOfRequest(db: Kysely<DB>, requestId: string): Promise<number> {
  const row = await db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Moves a quote from one status to another in one conditional statement: the quote as it is now,
 * or undefined when it was not in `from` (a concurrent action moved it first, or it never was).
 */
export async function moveQuote(
  db: Kysely<DB>,
  id: string,
  from: readonly QuoteStatus[],
  to: QuoteStatus,
  now: number,
  extra: Partial<QuotesTable> = {},
): Promise<QuoteRow | undefined> {
  return db
    .updateTable('quotes')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

export async function updateQuote(db: Kysely<DB>, id: string, set: Partial<QuotesTable>): Promise<void> {
  await db.updateTable('quotes').set(set).where('id', '=', id).execute();
}

/** Marks the quote refunded if it was not; false when it already was (a refund happens once). */
export async function markRefunded(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('quotes').set({ refunded: 1, updated_at: now }).where('id', '=', id).where('refunded', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertQuoteEvent(db: Kysely<DB>, event: Omit<QuoteEventsTable, 'id'>): Promise<void> {
  await db
    .insertInto('quote_events')
    .values({ id: randomUUID(), ...event })
    .execute();
}

export function quoteEvents(db: Kysely<DB>, quoteId: string) {
  return db.selectFrom('quote_events').selectAll().where('quote_id', '=', quoteId).orderBy('created_at').orderBy('id').execute();
}

/** Where a page of a list starts after: the last row's sort key and id. */
export interface ListPosition {
  key: number | string;
  id: string;
}

export interface ListFilter {
  vendorId: string;
  status: QuoteStatus;
  sort: 'received' | 'event-date';
  limit: number;
  after: ListPosition | null;
  categoryId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Lower-cased part of the customer's name. */
  search?: string | undefined;
}

/**
 * One page of a business's quotes in one status (keyset pagination on an index: newest received
 * first, or soonest event first), one row more than asked for, so the caller knows whether
 * another page follows.
 */
export function listQuotes(db: Kysely<DB>, filter: ListFilter): Promise<QuoteRow[]> {
  let query = db.selectFrom('quotes').selectAll('quotes').where('quotes.vendor_id', '=', filter.vendorId).where('quotes.status', '=', filter.status);
  if (filter.categoryId) query = query.where('quotes.category_id', '=', filter.categoryId);
  if (filter.from) query = query.where('quotes.event_date', '>=', filter.from);
  if (filter.to) query = query.where('quotes.event_date', '<=', filter.to);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(${sql.ref('quotes.customer_name')}) like ${pattern} escape '\\'`);
  }
  const after = filter.after;
  if (filter.sort === 'received') {
    if (after) query = query.where((eb) => afterPosition(eb, { key: 'quotes.created_at', id: 'quotes.id' }, '<', { key: Number(after.key), id: after.id }));
    query = query.orderBy('quotes.created_at', 'desc').orderBy('quotes.id', 'desc');
  } else {
    if (after) query = query.where((eb) => afterPosition(eb, { key: 'quotes.event_date', id: 'quotes.id' }, '>', { key: String(after.key), id: after.id }));
    query = query.orderBy('quotes.event_date', 'asc').orderBy('quotes.id', 'asc');
  }
  return query.limit(filter.limit + 1).execute();
}

/** How many quotes the business has in each status, and how many potential matches it has not opened. */
export async function quoteCounts(db: Kysely<DB>, vendorId: string): Promise<{ counts: Map<QuoteStatus, number>; unopened: number }> {
  const rows = await db
    .selectFrom('quotes')
    .select([
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>(eb.case().when('vendor_viewed_at', 'is', null).then(1).else(0).end()).as('unopened'),
    ])
    .where('vendor_id', '=', vendorId)
    .groupBy('status')
    .execute();
  const counts = new Map(rows.map((row) => [row.status, Number(row.n)]));
  const potential = rows.find((row) => row.status === 'potential');
  return { counts, unopened: Number(potential?.unopened ?? 0) };
}

/** The business's next booked events (accepted quotes from `today`), soonest first. */
export function upcomingBookings(db: Kysely<DB>, vendorId: string, today: string, limit: number): Promise<QuoteRow[]> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('quotes.vendor_id', '=', vendorId)
    .where('quotes.status', '=', 'accepted')
    .where('quotes.event_date', '>=', today)
    .orderBy('quotes.event_date')
    .orderBy('quotes.id')
    .limit(limit)
    .execute();
}

/** How many booked events (accepted quotes) the business has from `today` on. */
export async function countUpcomingBookings(db: Kysely<DB>, vendorId: string, today: string): Promise<number> {
  const row = await db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 'accepted')
    .where('event_date', '>=', today)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The business's booked events (accepted or completed quotes) from `from` to `to` (inclusive, open-ended without), by date. */
export function bookingsBetween(db: Kysely<DB>, vendorId: string, from: string, to: string | null, limit: number) {
  let query = db
    .selectFrom('quotes')
    .select(['id', 'event_date', 'customer_name', 'category_id', 'status'])
    .where('vendor_id', '=', vendorId)
    .where('status', 'in', ['accepted', 'completed'])
    .where('event_date', '>=', from);
  if (to) query = query.where('event_date', '<=', to);
  return query.orderBy('event_date').orderBy('id').limit(limit).execute();
}

/** The business's quotes version (migration 013: the database bumps it on every write to its quotes); 0 for no such business. */
export async function quotesVersion(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db.selectFrom('vendors').select('quotes_version').where('id', '=', vendorId).executeTakeFirst();
  return Number(row?.quotes_version ?? 0);
}

/** Records the business's first answer to the quote at `at`, unless one is recorded (the first answer wins). */
export async function markFirstResponse(db: Kysely<DB>, id: string, at: number): Promise<void> {
  await db.updateTable('quotes').set({ first_response_at: at }).where('id', '=', id).where('first_response_at', 'is', null).execute();
}

/** Records when the couple booked the quote, once (the analytics' bookings by time). */
export async function markAccepted(db: Kysely<DB>, id: string, at: number): Promise<void> {
  await db.updateTable('quotes').set({ accepted_at: at }).where('id', '=', id).where('accepted_at', 'is', null).execute();
}

/** The waits of `responseWaits` for several businesses at once (one query per 500 of them), each with its business. */
export async function responseWaitsOf(db: Kysely<DB>, vendorIds: readonly string[], since: number): Promise<{ vendorId: string; wait: number | null }[]> {
  const waits: { vendorId: string; wait: number | null }[] = [];
  for (let i = 0; i < vendorIds.length; i += 500) {
    const rows = await db
      .selectFrom('quotes')
      .select(['vendor_id', sql<number | string | null>`first_response_at - created_at`.as('wait')])
      .where('vendor_id', 'in', vendorIds.slice(i, i + 500))
      .where('created_at', '>=', since)
      .execute();
    for (const row of rows) waits.push({ vendorId: row.vendor_id, wait: row.wait === null ? null : Number(row.wait) });
  }
  return waits;
}

/** For each of the business's quotes created from `since` on: how long its first answer took (ms), null while unanswered. */
export async function responseWaits(db: Kysely<DB>, vendorId: string, since: number): Promise<(number | null)[]> {
  const rows = await db
    .selectFrom('quotes')
    .select(sql<number | string | null>`first_response_at - created_at`.as('wait'))
    .where('vendor_id', '=', vendorId)
    .where('created_at', '>=', since)
    .execute();
  return rows.map((row) => (row.wait === null ? null : Number(row.wait)));
}
