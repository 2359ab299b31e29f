import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import type { CreateReviewBody, ReportReviewBody, Review, ReviewsQuery, ReviewSummary } from '../../shared/contracts/reviews';
import { findUser } from '../auth';
import { businessNames } from '../business';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { decodePageCursor, encodePageCursor } from '../core/http/page-cursor';
import type { AuthContext } from '../core/http/require-auth';
import { quoteFacts } from '../quotes';
import { findCoupleRequest, requestOfLink } from '../requests';
import * as repo from './reviews.repository';
import type { ReviewRow } from './reviews.table';

type Deps = Pick<CoreDeps, 'database' | 'clock' | 'events' | 'links'>;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    quoteId: row.quote_id,
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    customerName: row.customer_name,
    reply: row.reply,
    repliedAt: row.replied_at === null ? null : Number(row.replied_at),
    createdAt: Number(row.created_at),
  };
}

function notFound(): AppError {
  return new AppError(404, 'not-found', 'No review with that id.');
}

/** The quote of the couple's link that they may review: one of their request's, else 404. */
async function quoteOfLink(deps: Deps, token: string, quoteId: string) {
  const request = await requestOfLink(deps, deps.database.db, token);
  const quote = await quoteFacts(deps.database.db, quoteId);
  if (!quote || quote.requestId !== request.id) throw new AppError(404, 'not-found', 'No quote with that id on this request.');
  return quote;
}

/**
 * `POST /api/public/requests/:token/quotes/:quoteId/review`: the couple reviews a completed
 * booking, once (README: Reviews). Published at once; `review.created` tells the business.
 */
export async function createReview(deps: Deps, token: string, quoteId: string, body: CreateReviewBody): Promise<Review> {
  const quote = await quoteOfLink(deps, token, quoteId);
  if (quote.status !== 'completed') throw new AppError(409, 'conflict', 'You can review a vendor once your event with them has taken place.');
  const now = deps.clock.now();
  const row: ReviewRow = {
    id: randomUUID(),
    quote_id: quote.id,
    vendor_id: quote.vendorId,
    request_id: quote.requestId,
    customer_name: quote.customerName,
    rating: body.rating,
    title: body.title?.trim() || null,
    body: body.body,
    reply: null,
    replied_at: null,
    created_at: now,
    updated_at: now,
  };
  await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.insertReview(trx, row))) throw new AppError(409, 'conflict', 'You have already reviewed this vendor.');
    await deps.events.publish(trx, 'review.created', {
      reviewId: row.id,
      quoteId: quote.id,
      vendorId: quote.vendorId,
      rating: row.rating,
      customerName: row.customer_name,
    });
  });
  return toReview(row);
}

/** `GET /api/public/requests/:token/quotes/:quoteId/review`: the couple's review of this quote, or null. */
export async function coupleReview(deps: Deps, token: string, quoteId: string): Promise<Review | null> {
  const quote = await quoteOfLink(deps, token, quoteId);
  const row = await repo.reviewOfQuote(deps.database.db, quote.id);
  return row ? toReview(row) : null;
}

/** `GET /api/reviews?rating&cursor&limit`: the business's reviews, newest first, with the average and the distribution of all of them. */
export async function listReviews(
  deps: Deps,
  auth: AuthContext,
  query: ReviewsQuery,
): Promise<{ data: Review[]; summary: ReviewSummary; nextCursor: string | null }> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Review');
  const db = deps.database.db;
  const list = `reviews-${query.rating ?? 'all'}`;
  const after = query.cursor ? decodePageCursor(deps.links, list, query.cursor) : null;
  const [rows, summary] = await Promise.all([
    repo.reviewsPage(db, auth.vendorId, { rating: query.rating, after, limit: query.limit }),
    repo.reviewSummary(db, auth.vendorId),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toReview),
    summary,
    nextCursor: rows.length > query.limit && last ? encodePageCursor(deps.links, list, { createdAt: Number(last.created_at), id: last.id }) : null,
  };
}

async function reviewOfBusiness(db: Kysely<DB>, auth: AuthContext, id: string): Promise<ReviewRow> {
  const row = await repo.findReview(db, id);
  if (!row || row.vendor_id !== auth.vendorId) throw notFound();
  return row;
}

/** `PUT /api/reviews/:id/reply`: the business's one public reply, written or edited. */
export async function replyToReview(deps: Deps, auth: AuthContext, id: string, body: string): Promise<Review> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Review');
  const row = await reviewOfBusiness(deps.database.db, auth, id);
  const now = deps.clock.now();
  await deps.database.writeTransaction((trx) => repo.setReply(trx, row.id, body, now));
  return toReview({ ...row, reply: body, replied_at: now, updated_at: now });
}

/**
 * `POST /api/reviews/:id/report`: the business asks support to look at a review. Support is
 * mailed with both sides named (`review.reported`); the review stays published: no business can
 * hide a review.
 */
export async function reportReview(deps: Deps, auth: AuthContext, id: string, body: ReportReviewBody): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Review');
  const db = deps.database.db;
  const row = await reviewOfBusiness(db, auth, id);
  const [user, names, request] = await Promise.all([findUser(db, auth.userId), businessNames(db, [auth.vendorId]), findCoupleRequest(db, row.request_id)]);
  await deps.database.writeTransaction(async (trx) => {
    await repo.insertReport(trx, {
      id: randomUUID(),
      review_id: row.id,
      vendor_id: auth.vendorId,
      user_id: auth.userId,
      reason: body.reason,
      note: body.note?.trim() || null,
      created_at: deps.clock.now(),
    });
    await deps.events.publish(trx, 'review.reported', {
      reviewId: row.id,
      vendorId: auth.vendorId,
      businessName: names.get(auth.vendorId) ?? 'A business',
      reporterEmail: user?.email ?? '',
      reason: body.reason,
      note: body.note?.trim() || null,
      rating: Number(row.rating),
      title: row.title,
      body: row.body,
      customerName: row.customer_name,
      customerEmail: request?.customerEmail ?? '',
    });
  });
}
