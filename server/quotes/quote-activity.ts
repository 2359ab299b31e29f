import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../core/db/schema';

/*
 * What the business's analytics read of its quotes (README: Marketplace, Analytics): counts per
 * calendar month over a period, summed in SQL, and one row per lead for the CSV export. Every
 * query is bounded by the business and the period.
 */

/** A period: from `from` to `to` (epoch ms, both included). */
export interface Period {
  from: number;
  to: number;
}

/** A calendar month of the period: its index in the period and the epoch ms it starts at (UTC). */
export interface MonthBucket {
  index: number;
  start: number;
}

/** A count per month index (months without rows are absent). */
export type MonthCounts = Map<number, number>;

const WON = ['accepted', 'completed'] as const;

/**
 * The index of the month `column` falls in, as SQL both dialects read alike: a CASE over the
 * months' starts, inlined as literals (our own numbers) so the GROUP BY repeats the very same text.
 */
function monthIndex(column: Expression<unknown>, months: readonly MonthBucket[]): RawBuilder<number> {
  const later = months.slice(1).reverse();
  if (later.length === 0) return sql<number>`${sql.lit(0)}`;
  const branches = later.map((month) => sql`when ${column} >= ${sql.lit(month.start)} then ${sql.lit(month.index)}`);
  return sql<number>`case ${sql.join(branches, sql` `)} else ${sql.lit(0)} end`;
}

function toCounts(rows: { month: number | string; count: number | string | bigint }[]): MonthCounts {
  return new Map(rows.map((row) => [Number(row.month), Number(row.count)]));
}

/** Leads (matches) the business received in the period, per month. */
export async function leadsByMonth(db: Kysely<DB>, vendorId: string, period: Period, months: readonly MonthBucket[]): Promise<MonthCounts> {
  const month = monthIndex(sql.ref('created_at'), months);
  const rows = await db
    .selectFrom('quotes')
    .select((eb) => [month.as('month'), eb.fn.countAll<number>().as('count')])
    .where('vendor_id', '=', vendorId)
    .where('created_at', '>=', period.from)
    .where('created_at', '<=', period.to)
    .groupBy(month)
    .execute();
  return toCounts(rows);
}

/** Quotes the business sent in the period, per month. */
export async function quotesSentByMonth(db: Kysely<DB>, vendorId: string, period: Period, months: readonly MonthBucket[]): Promise<MonthCounts> {
  const month = monthIndex(sql.ref('submitted_at'), months);
  const rows = await db
    .selectFrom('quotes')
    .select((eb) => [month.as('month'), eb.fn.countAll<number>().as('count')])
    .where('vendor_id', '=', vendorId)
    .where('submitted_at', '>=', period.from)
    .where('submitted_at', '<=', period.to)
    .groupBy(month)
    .execute();
  return toCounts(rows);
}

/** Quotes of the business the couple accepted in the period (the time of the quote's `accepted` history row), per month. */
export async function bookingsByMonth(db: Kysely<DB>, vendorId: string, period: Period, months: readonly MonthBucket[]): Promise<MonthCounts> {
  const month = monthIndex(sql.ref('quote_events.created_at'), months);
  const rows = await db
    .selectFrom('quote_events')
    .innerJoin('quotes', 'quotes.id', 'quote_events.quote_id')
    .select((eb) => [month.as('month'), eb.fn.count<number>('quote_events.quote_id').distinct().as('count')])
    .where('quotes.vendor_id', '=', vendorId)
    .where('quote_events.status', '=', 'accepted')
    .where('quote_events.created_at', '>=', period.from)
    .where('quote_events.created_at', '<=', period.to)
    .groupBy(month)
    .execute();
  return toCounts(rows);
}

/** Of the quotes sent in the period, those won (accepted, or completed since) and the sum of their prices in cents. */
export async function wonOfSent(db: Kysely<DB>, vendorId: string, period: Period): Promise<{ won: number; revenueCents: number }> {
  const row = await db
    .selectFrom('quotes')
    .select((eb) => [eb.fn.countAll<number>().as('won'), eb.fn.coalesce(eb.fn.sum<number>('price_cents'), eb.lit(0)).as('revenue')])
    .where('vendor_id', '=', vendorId)
    .where('submitted_at', '>=', period.from)
    .where('submitted_at', '<=', period.to)
    .where('status', 'in', WON)
    .executeTakeFirst();
  return { won: Number(row?.won ?? 0), revenueCents: Number(row?.revenue ?? 0) };
}

/** A lead of the CSV export. */
export interface LeadExportRow {
  id: string;
  createdAt: number;
  categoryId: string;
  eventDate: string;
  status: string;
  submittedAt: number | null;
  priceCents: number | null;
  firstResponseAt: number | null;
}

/** The quotes the business received in the period, oldest first. */
export async function leadsForExport(db: Kysely<DB>, vendorId: string, period: Period): Promise<LeadExportRow[]> {
  const rows = await db
    .selectFrom('quotes')
    .select([
      'quotes.id',
      'quotes.created_at',
      'quotes.category_id',
      'quotes.event_date',
      'quotes.status',
      'quotes.submitted_at',
      'quotes.price_cents',
      'quotes.first_response_at',
    ])
    .where('quotes.vendor_id', '=', vendorId)
    .where('quotes.created_at', '>=', period.from)
    .where('quotes.created_at', '<=', period.to)
    .orderBy('quotes.created_at')
    .orderBy('quotes.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: Number(row.created_at),
    categoryId: row.category_id,
    eventDate: row.event_date,
    status: row.status,
    submittedAt: row.submitted_at === null ? null : Number(row.submitted_at),
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    firstResponseAt: row.first_response_at === null ? null : Number(row.first_response_at),
  }));
}
