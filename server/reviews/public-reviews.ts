import type { Kysely } from 'kysely';
import type { PublicReview } from '../../shared/contracts/public-vendors';
import { shortName } from '../../shared/marketplace/short-name';
import type { DB } from '../core/db/schema';
import { decodePageCursor, encodePageCursor } from '../core/http/page-cursor';
import type { SignedLinks } from '../core/signed-links';
import * as repo from './reviews.repository';
import type { ReviewRow } from './reviews.table';

/** Ids per `IN (…)` list: well under SQLite's and PostgreSQL's bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** A review as the public profile shows it: the couple as first name and last initial, never their full name. */
function toPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    author: shortName(row.customer_name),
    createdAt: Number(row.created_at),
    reply: row.reply,
    repliedAt: row.replied_at === null ? null : Number(row.replied_at),
  };
}

/**
 * A page of the business's published reviews, newest first, for its public profile; `cursor` is
 * the `nextCursor` of the page before (signed for this business: any other is a 400 naming `cursor`).
 */
export async function publishedReviews(
  deps: { db: Kysely<DB>; links: SignedLinks },
  vendorId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ data: PublicReview[]; nextCursor: string | null }> {
  const list = `public-reviews-${vendorId}`;
  const after = page.cursor ? decodePageCursor(deps.links, list, page.cursor) : null;
  const rows = await repo.reviewsPage(deps.db, vendorId, { rating: undefined, after, limit: page.limit });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    data: shown.map(toPublicReview),
    nextCursor: rows.length > page.limit && last ? encodePageCursor(deps.links, list, { createdAt: Number(last.created_at), id: last.id }) : null,
  };
}

/** The average (one decimal) and count of each business's reviews, by id, in one grouped query per 500 businesses; absent ones have none. */
export async function ratingsOf(db: Kysely<DB>, vendorIds: readonly string[]): Promise<Map<string, { average: number; count: number }>> {
  const ratings = new Map<string, { average: number; count: number }>();
  for (const ids of chunks(vendorIds)) {
    const rows = await db
      .selectFrom('reviews')
      .select((eb) => ['vendor_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('rating').as('total')])
      .where('vendor_id', 'in', ids)
      .groupBy('vendor_id')
      .execute();
    for (const row of rows) {
      const count = Number(row.n);
      if (count > 0) ratings.set(row.vendor_id, { average: Math.round((Number(row.total) / count) * 10) / 10, count });
    }
  }
  return ratings;
}

/** When each business's reviews last changed (a review written or a reply edited), by id, in one grouped query per 500 businesses. */
export async function reviewsChangedAt(db: Kysely<DB>, vendorIds: readonly string[]): Promise<Map<string, number>> {
  const changed = new Map<string, number>();
  for (const ids of chunks(vendorIds)) {
    const rows = await db
      .selectFrom('reviews')
      .select((eb) => ['vendor_id', eb.fn.max('updated_at').as('at')])
      .where('vendor_id', 'in', ids)
      .groupBy('vendor_id')
      .execute();
    for (const row of rows) changed.set(row.vendor_id, Number(row.at));
  }
  return changed;
}

export { reviewSummary } from './reviews.repository';
