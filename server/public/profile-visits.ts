import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import './public.table';

/** What `POST /api/public/vendors/:adminId/visits` counts. */
export type VisitKind = 'view' | 'quote-click';

const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Adds one view or quote click to the business's count for the day of `at` (one upsert: concurrent visits add up, on both databases). */
export async function countVisit(db: Kysely<DB>, vendorId: string, kind: VisitKind, at: number): Promise<void> {
  const views = kind === 'view' ? 1 : 0;
  const clicks = kind === 'quote-click' ? 1 : 0;
  await db
    .insertInto('profile_visits')
    .values({ vendor_id: vendorId, day: dayOf(at), views, quote_clicks: clicks })
    .onConflict((oc) =>
      oc.columns(['vendor_id', 'day']).doUpdateSet((eb) => ({
        views: eb(eb.ref('profile_visits.views'), '+', views),
        quote_clicks: eb(eb.ref('profile_visits.quote_clicks'), '+', clicks),
      })),
    )
    .execute();
}

/** The business's profile views and quote clicks on the days of the period (epoch ms, both ends' days included), summed in SQL. */
export async function visitTotals(db: Kysely<DB>, vendorId: string, period: { from: number; to: number }): Promise<{ views: number; quoteClicks: number }> {
  const row = await db
    .selectFrom('profile_visits')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('views'), eb.lit(0)).as('views'),
      eb.fn.coalesce(eb.fn.sum<number>('quote_clicks'), eb.lit(0)).as('clicks'),
    ])
    .where('vendor_id', '=', vendorId)
    .where('day', '>=', dayOf(period.from))
    .where('day', '<=', dayOf(period.to))
    .executeTakeFirst();
  return { views: Number(row?.views ?? 0), quoteClicks: Number(row?.clicks ?? 0) };
}
