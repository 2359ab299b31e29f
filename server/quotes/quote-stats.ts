import { sql, type Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { Period } from './quote-activity';

/*
 * Aggregates of the business's quotes for its analytics (docs/marketplace.md, Analytics), each one
 * query summed in SQL on both databases: nothing here loads a period's quotes into memory.
 */

const WON = ['accepted', 'completed'] as const;

/**
 * The median wait for the business's first answer to the leads of the period, in ms (the mean of
 * the two middle waits when `answered` is even), null when none is answered. Read in SQL from the
 * `quotes_response_waits` index, already in order of the wait: LIMIT/OFFSET to the middle of the
 * `answered` count, so a year of 100,000 leads is neither sorted nor loaded.
 */
export async function medianWait(db: Kysely<DB>, vendorId: string, period: Period, answered: number): Promise<number | null> {
  if (answered <= 0) return null;
  const wait = sql<number | string>`first_response_at - created_at`;
  const middle = await db
    .selectFrom('quotes')
    .select(wait.as('wait'))
    .where('vendor_id', '=', vendorId)
    .where(wait, 'is not', null)
    .where('created_at', '>=', period.from)
    .where('created_at', '<=', period.to)
    .orderBy(wait)
    // Literals, not parameters: told only "LIMIT ?", SQLite's planner sorts the period's leads
    // instead of walking the index already in order (80 ms against 8 at 100,000 leads).
    .limit(sql.lit(answered % 2 === 1 ? 1 : 2))
    .offset(sql.lit(Math.floor((answered - 1) / 2)))
    .execute();
  if (middle.length === 0) return null;
  return middle.reduce((total, row) => total + Number(row.wait), 0) / middle.length;
}

/** The business's potential matches it has neither quoted nor declined yet (open leads, whenever they came). */
export async function unansweredMatches(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 'potential')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Where a business stands among its peers: how many of them it beats on each figure (null when it has no figure itself). */
export interface PeerStanding {
  fasterThan: number | null;
  winsMoreThan: number | null;
}

/** The business's own figures to compare: its median first-response wait in ms, and its quotes won of those sent in the period. */
export interface OwnFigures {
  medianWaitMs: number | null;
  won: number;
  sent: number;
}

/**
 * How many of `peerIds` the business beats over the period: on the median first-response wait
 * (a shorter one beats; a peer that answered nothing is beaten by any business that answered), and
 * on the win rate of the quotes sent in the period (a peer that sent none is beaten by any business
 * that sent one). Each peer's median comes from window functions (ROW_NUMBER and COUNT over the
 * peer's answered leads), win rates are compared as cross products of integers (no rounding), and
 * only two counts leave the database.
 */
export async function peerStanding(db: Kysely<DB>, peerIds: readonly string[], period: Period, own: OwnFigures): Promise<PeerStanding> {
  if (peerIds.length === 0) return { fasterThan: null, winsMoreThan: null };
  const peers = sql.join([...peerIds]);
  const notFaster =
    own.medianWaitMs === null
      ? sql<number>`0`
      : sql<number>`(
          select count(*) from (
            select vendor_id, avg(wait) as median from (
              select vendor_id, first_response_at - created_at as wait,
                row_number() over (partition by vendor_id order by first_response_at - created_at) as rn,
                count(*) over (partition by vendor_id) as n
              from quotes
              where vendor_id in (${peers}) and created_at >= ${period.from} and created_at <= ${period.to}
                and first_response_at is not null
            ) ranked
            where rn = (n + 1) / 2 or rn = (n + 2) / 2
            group by vendor_id
          ) medians
          where median <= ${own.medianWaitMs}
        )`;
  const notBetter =
    own.sent === 0
      ? sql<number>`0`
      : sql<number>`(
          select count(*) from (
            select vendor_id, sum(case when status in (${sql.join([...WON])}) then 1 else 0 end) as won, count(*) as sent
            from quotes
            where vendor_id in (${peers}) and submitted_at >= ${period.from} and submitted_at <= ${period.to}
            group by vendor_id
          ) rates
          where won * ${own.sent} >= ${own.won} * sent
        )`;
  const result = await sql<{ not_faster: number | string; not_better: number | string }>`select ${notFaster} as not_faster, ${notBetter} as not_better`.execute(
    db,
  );
  const row = result.rows[0];
  return {
    fasterThan: own.medianWaitMs === null ? null : peerIds.length - Number(row?.not_faster ?? 0),
    winsMoreThan: own.sent === 0 ? null : peerIds.length - Number(row?.not_better ?? 0),
  };
}
