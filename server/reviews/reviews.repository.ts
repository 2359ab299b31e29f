import type { Kysely } from 'kysely';
import type { ReviewSummary } from '../../shared/contracts/reviews';
import type { DB } from '../core/db/schema';
import { afterPosition } from '../core/db/keyset';
import type { PagePosition } from '../core/http/page-cursor';
import type { ReviewReportsTable, ReviewRow } from './reviews.table';

/** Inserts the review; false when the quote already has one (one review per booking). */
export async function insertReview(db: Kysely<DB>, row: ReviewRow): Promise<boolean> {
  const result = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((oc) => oc.column('quote_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findReview(db: Kysely<DB>, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

export function reviewOfQuote(db: Kysely<DB>, quoteId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('quote_id', '=', quoteId).executeTakeFirst();
}

/** One page of the business's reviews, newest first, one row more than asked for. */
export function reviewsPage(db: Kysely<DB>, vendorId: string, page: { rating: number | undefined; after: PagePosition | null; limit: number }) {
  let query = db.selectFrom('reviews').selectAll().where('vendor_id', '=', vendorId);
  if (page.rating) query = query.where('rating', '=', page.rating);
  const after = page.after;
  if (after) query = query.where((eb) => afterPosition(eb, { key: 'created_at', id: 'id' }, '<', { key: after.createdAt, id: after.id }));
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** The average (one decimal), the count and how many reviews gave each rating. */
export async function reviewSummary(db: Kysely<DB>, vendorId: string): Promise<ReviewSummary> {
  const rows = await db
    .selectFrom('reviews')
    .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
    .where('vendor_id', '=', vendorId)
    .groupBy('rating')
    .execute();
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let total = 0;
  for (const row of rows) {
    const rating = Number(row.rating) as 1 | 2 | 3 | 4 | 5;
    const n = Number(row.n);
    distribution[rating] = n;
    count += n;
    total += rating * n;
  }
  return { average: count === 0 ? null : Math.round((total / count) * 10) / 10, count, distribution };
}

export async function setReply(db: Kysely<DB>, id: string, reply: string, now: number): Promise<void> {
  await db.updateTable('reviews').set({ reply, replied_at: now, updated_at: now }).where('id', '=', id).execute();
}

/** Stores a business's report of a review; false when the business had reported it before (one report per review and business). */
export async function insertReport(db: Kysely<DB>, row: ReviewReportsTable): Promise<boolean> {
  const result = await db
    .insertInto('review_reports')
    .values(row)
    .onConflict((oc) => oc.columns(['review_id', 'vendor_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** When the business reported each of these reviews, by review id (reviews it never reported are absent). */
export async function reportTimes(db: Kysely<DB>, vendorId: string, reviewIds: string[]): Promise<Map<string, number>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_reports')
    .select(['review_id', 'created_at'])
    .where('vendor_id', '=', vendorId)
    .where('review_id', 'in', reviewIds)
    .execute();
  return new Map(rows.map((row) => [row.review_id, Number(row.created_at)]));
}
