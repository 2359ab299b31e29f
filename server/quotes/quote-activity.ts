import { sql, type Kysely, type RawBuilder } from 'kysely';
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

/** The months of the period as ranges `[from, to)` (epoch ms), the first starting at the period's start, the last ending after its end. */
function monthRanges(period: Period, months: readonly MonthBucket[]): { index: number; from: number; to: number }[] {
  return months.map((month, position) => ({
    index: month.index,
    from: position === 0 ? period.from : month.start,
    to: months[position + 1]?.start ?? period.to + 1,
  }));
}

/**
 * One row per month of `ranges`, each an aggregate over that month's range of an index, glued with
 * UNION ALL: every month is an index range count, so no row is grouped, sorted or loaded (a GROUP BY
 * over a computed month would sort a year of leads first).
 */
async function perMonth<R>(
  db: Kysely<DB>,
  ranges: readonly { index: number; from: number; to: number }[],
  select: (range: { index: number; from: number; to: number }) => RawBuilder<unknown>,
): Promise<R[]> {
  const parts = ranges.map((range) => sql`select * from (${select(range)}) as m${sql.lit(range.index)}`);
  const result = await sql<R>`${sql.join(parts, sql` union all `)}`.execute(db);
  return result.rows;
}

/**
 * Per category of `categoryIds` (the config's), how many of the business's quotes have `column` in
 * the period: one index range count per category glued with UNION ALL, for the same reason as per
 * month (a GROUP BY would sort every row of the period first). Categories without one are absent.
 */
async function perCategory(
  db: Kysely<DB>,
  vendorId: string,
  column: 'created_at' | 'accepted_at',
  period: Period,
  categoryIds: readonly string[],
): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const at = sql.ref(column);
  const result = await sql<{ category_id: string; count: number | string }>`${sql.join(
    categoryIds.map(
      (id) => sql`select * from (select ${id} as category_id, count(*) as count from quotes
        where vendor_id = ${vendorId} and category_id = ${id} and ${at} >= ${period.from} and ${at} <= ${period.to}) as c`,
    ),
    sql` union all `,
  )}`.execute(db);
  return new Map(result.rows.filter((row) => Number(row.count) > 0).map((row) => [row.category_id, Number(row.count)]));
}

/** The leads of a period: per month, per category, in all, and how many the business answered. */
export interface LeadActivity {
  byMonth: MonthCounts;
  byCategory: Map<string, number>;
  leads: number;
  answered: number;
}

/**
 * Leads (matches) the business received in the period, per month (with the answered ones: a first
 * response set) from the `quotes_leads_by_time` index, and per category of `categoryIds` (the
 * config's) from `quotes_leads_by_category`.
 */
export async function leadActivity(
  db: Kysely<DB>,
  vendorId: string,
  period: Period,
  months: readonly MonthBucket[],
  categoryIds: readonly string[],
): Promise<LeadActivity> {
  const [monthRows, byCategory] = await Promise.all([
    perMonth<{ month: number | string; count: number | string; answered: number | string }>(
      db,
      monthRanges(period, months),
      (range) => sql`select ${sql.lit(range.index)} as month, count(*) as count, count(first_response_at) as answered from quotes
        where vendor_id = ${vendorId} and created_at >= ${range.from} and created_at < ${range.to}`,
    ),
    perCategory(db, vendorId, 'created_at', period, categoryIds),
  ]);
  const activity: LeadActivity = { byMonth: new Map(), byCategory: new Map(), leads: 0, answered: 0 };
  for (const row of monthRows) {
    activity.byMonth.set(Number(row.month), Number(row.count));
    activity.leads += Number(row.count);
    activity.answered += Number(row.answered);
  }
  activity.byCategory = byCategory;
  return activity;
}

/** The quotes sent in a period: per month, and of them those won (accepted, or completed since) with the sum of their prices in cents. */
export interface SentActivity {
  byMonth: MonthCounts;
  sent: number;
  won: number;
  revenueCents: number;
}

/** Quotes the business sent in the period, per month, with those won, from the `quotes_sent_by_time` index. */
export async function sentActivity(db: Kysely<DB>, vendorId: string, period: Period, months: readonly MonthBucket[]): Promise<SentActivity> {
  const won = sql.join([...WON]);
  const rows = await perMonth<{ month: number | string; count: number | string; won: number | string | null; revenue: number | string | null }>(
    db,
    monthRanges(period, months),
    (range) => sql`select ${sql.lit(range.index)} as month, count(*) as count,
        sum(case when status in (${won}) then 1 else 0 end) as won,
        sum(case when status in (${won}) then price_cents else 0 end) as revenue
      from quotes where vendor_id = ${vendorId} and submitted_at >= ${range.from} and submitted_at < ${range.to}`,
  );
  const activity: SentActivity = { byMonth: new Map(), sent: 0, won: 0, revenueCents: 0 };
  for (const row of rows) {
    activity.byMonth.set(Number(row.month), Number(row.count));
    activity.sent += Number(row.count);
    activity.won += Number(row.won ?? 0);
    activity.revenueCents += Number(row.revenue ?? 0);
  }
  return activity;
}

/** The bookings of a period (quotes accepted in it): per month and per category. */
export interface BookingActivity {
  byMonth: MonthCounts;
  byCategory: Map<string, number>;
  bookings: number;
}

/**
 * Quotes of the business the couple accepted in the period (`accepted_at`, the time of the quote's
 * `accepted` history row), per month from the `quotes_booked_by_time` index and per category of
 * `categoryIds` (the config's) from `quotes_booked_by_category` (migration 026): index range counts.
 */
export async function bookingActivity(
  db: Kysely<DB>,
  vendorId: string,
  period: Period,
  months: readonly MonthBucket[],
  categoryIds: readonly string[],
): Promise<BookingActivity> {
  const [monthRows, byCategory] = await Promise.all([
    perMonth<{ month: number | string; count: number | string }>(
      db,
      monthRanges(period, months),
      (range) => sql`select ${sql.lit(range.index)} as month, count(*) as count from quotes
        where vendor_id = ${vendorId} and accepted_at >= ${range.from} and accepted_at < ${range.to}`,
    ),
    perCategory(db, vendorId, 'accepted_at', period, categoryIds),
  ]);
  const activity: BookingActivity = { byMonth: new Map(), byCategory, bookings: 0 };
  for (const row of monthRows) {
    if (Number(row.count) > 0) activity.byMonth.set(Number(row.month), Number(row.count));
    activity.bookings += Number(row.count);
  }
  return activity;
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
