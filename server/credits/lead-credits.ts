import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';

/** The ledger's reasons that pay for leads: spending to quote, and its refund. */
const LEAD_REASONS = ['lead', 'refund'] as const;
/** Quote ids per query. */
const CHUNK = 1_000;

/** Credits the ledger shows spent on leads in the period, less those refunded in it (plan grants and purchases are not counted). */
export async function leadCreditsSpent(db: Kysely<DB>, vendorId: string, period: { from: number; to: number }): Promise<number> {
  const row = await db
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('net'))
    .where('vendor_id', '=', vendorId)
    .where('reason', 'in', LEAD_REASONS)
    .where('quote_id', 'is not', null)
    .where('created_at', '>=', period.from)
    .where('created_at', '<=', period.to)
    .executeTakeFirst();
  return -Number(row?.net ?? 0);
}

/** Per quote of these, the credits its lead cost in the end (spent less refunded, whenever that was); quotes that cost nothing are absent. */
export async function leadCreditsByQuote(db: Kysely<DB>, vendorId: string, quoteIds: readonly string[]): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  // In chunks: a year of leads must not pass the databases' limits on bound parameters.
  for (let start = 0; start < quoteIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('credit_entries')
      .select((eb) => ['quote_id', eb.fn.sum<number>('delta').as('net')])
      .where('vendor_id', '=', vendorId)
      .where('reason', 'in', LEAD_REASONS)
      .where('quote_id', 'in', quoteIds.slice(start, start + CHUNK))
      .groupBy('quote_id')
      .execute();
    for (const row of rows) if (row.quote_id !== null) costs.set(row.quote_id, -Number(row.net ?? 0));
  }
  return costs;
}
