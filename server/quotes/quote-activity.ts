import { sql, type Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { DAY_MS } from '../../shared/time/durations';

/*
 * What the business's analytics read of its quotes (docs/marketplace.md, Analytics): counts per
 * calendar month and category over a period, summed in SQL from the daily counts the database
 * keeps, and one row per lead for the CSV export. Every query is bounded by the business and the
 * period.
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

/** The UTC day (days since the epoch) of an instant: the `day` of `quote_day_counts`. */
const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** The leads of a period: per month, per category, in all, and how many the business answered. */
export interface LeadActivity {
  byMonth: MonthCounts;
  byCategory: Map<string, number>;
  leads: number;
  answered: number;
}

/** The quotes sent in a period: per month, and of them those won (accepted, or completed since) with the sum of their prices in cents. */
export interface SentActivity {
  byMonth: MonthCounts;
  sent: number;
  won: number;
  revenueCents: number;
}

/** The bookings of a period (quotes accepted in it): per month and per category. */
export interface BookingActivity {
  byMonth: MonthCounts;
  byCategory: Map<string, number>;
  bookings: number;
}

/** What the business's quotes did in a period. */
export interface PeriodActivity {
  leads: LeadActivity;
  sent: SentActivity;
  bookings: BookingActivity;
}

/** Counts of one category in one month of the period (each a number or the string a driver makes of a sum). */
interface CountsRow {
  month: number | string;
  category_id: string;
  leads: number | string;
  answered: number | string;
  sent: number | string;
  won: number | string;
  won_cents: number | string | null;
  booked: number | string;
}

/**
 * The counts of the whole days `firstDay`..`lastDay` from `quote_day_counts` (migration 027), per
 * category and month of the period: at most 366 rows per category, read by the primary key's range.
 * Months start at UTC midnight, so each whole day lies in one month.
 */
async function wholeDays(db: Kysely<DB>, vendorId: string, firstDay: number, lastDay: number, months: readonly MonthBucket[]): Promise<CountsRow[]> {
  if (firstDay > lastDay) return [];
  const later = months.slice(1);
  const month =
    later.length === 0
      ? sql`${sql.lit(months[0]?.index ?? 0)}`
      : sql`case ${sql.join(
          later.map((next, position) => sql`when day < ${sql.lit(dayOf(next.start))} then ${sql.lit(months[position]?.index ?? 0)}`),
          sql` `,
        )} else ${sql.lit(months[months.length - 1]?.index ?? 0)} end`;
  const result = await sql<CountsRow>`
    select ${month} as month, category_id, sum(leads) as leads, sum(answered) as answered, sum(sent) as sent,
      sum(won) as won, sum(won_cents) as won_cents, sum(booked) as booked
    from quote_day_counts
    where vendor_id = ${vendorId} and day >= ${firstDay} and day <= ${lastDay}
    group by 1, category_id`.execute(db);
  return result.rows;
}

/**
 * The counts of part of one day, `from`..`to` (epoch ms, both included), from the quotes
 * themselves, per category: the period's first and last days rarely start or end at midnight. A
 * day's quotes at most, each read by the index of the time it counts by.
 */
async function partOfDay(db: Kysely<DB>, vendorId: string, from: number, to: number, month: number): Promise<CountsRow[]> {
  const won = sql`status in ('accepted', 'completed')`;
  const result = await sql<CountsRow>`
    select ${sql.lit(month)} as month, category_id, count(*) as leads, count(first_response_at) as answered,
      0 as sent, 0 as won, 0 as won_cents, 0 as booked
    from quotes where vendor_id = ${vendorId} and created_at >= ${from} and created_at <= ${to} group by category_id
    union all
    select ${sql.lit(month)}, category_id, 0, 0, count(*), sum(case when ${won} then 1 else 0 end),
      sum(case when ${won} then coalesce(price_cents, 0) else 0 end), 0
    from quotes where vendor_id = ${vendorId} and submitted_at >= ${from} and submitted_at <= ${to} group by category_id
    union all
    select ${sql.lit(month)}, category_id, 0, 0, 0, 0, 0, count(*)
    from quotes where vendor_id = ${vendorId} and accepted_at >= ${from} and accepted_at <= ${to} group by category_id`.execute(db);
  return result.rows;
}

function add<K>(counts: Map<K, number>, key: K, value: number): void {
  if (value !== 0) counts.set(key, (counts.get(key) ?? 0) + value);
}

/**
 * What the business's quotes did in the period, per month (`months`, the calendar months it
 * overlaps) and per category: the leads it received (created in the period) and answered, the
 * quotes it sent and of those the ones won with their prices, the bookings made (accepted in it).
 * The whole days inside the period are summed from the daily counts the database keeps
 * (`quote_day_counts`); the two partial days at its ends are counted from the quotes of those days.
 * Months and categories without any are absent.
 */
export async function periodActivity(db: Kysely<DB>, vendorId: string, period: Period, months: readonly MonthBucket[]): Promise<PeriodActivity> {
  const firstMonth = months[0]?.index ?? 0;
  const lastMonth = months[months.length - 1]?.index ?? 0;
  const [firstDay, lastDay] = [dayOf(period.from), dayOf(period.to)];
  const rows =
    firstDay === lastDay
      ? await partOfDay(db, vendorId, period.from, period.to, firstMonth)
      : (
          await Promise.all([
            partOfDay(db, vendorId, period.from, (firstDay + 1) * DAY_MS - 1, firstMonth),
            wholeDays(db, vendorId, firstDay + 1, lastDay - 1, months),
            partOfDay(db, vendorId, lastDay * DAY_MS, period.to, lastMonth),
          ])
        ).flat();
  const activity: PeriodActivity = {
    leads: { byMonth: new Map(), byCategory: new Map(), leads: 0, answered: 0 },
    sent: { byMonth: new Map(), sent: 0, won: 0, revenueCents: 0 },
    bookings: { byMonth: new Map(), byCategory: new Map(), bookings: 0 },
  };
  for (const row of rows) {
    const [month, category] = [Number(row.month), row.category_id];
    const [leads, sent, booked] = [Number(row.leads), Number(row.sent), Number(row.booked)];
    add(activity.leads.byMonth, month, leads);
    add(activity.leads.byCategory, category, leads);
    activity.leads.leads += leads;
    activity.leads.answered += Number(row.answered);
    add(activity.sent.byMonth, month, sent);
    activity.sent.sent += sent;
    activity.sent.won += Number(row.won);
    activity.sent.revenueCents += Number(row.won_cents ?? 0);
    add(activity.bookings.byMonth, month, booked);
    add(activity.bookings.byCategory, category, booked);
    activity.bookings.bookings += booked;
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
