import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import type {
  BusinessReview,
  CreateReviewBody,
  ReportReviewBody,
  Review,
  ReviewReportReceipt,
  ReviewsQuery,
  ReviewSummary,
} from '../../shared/contracts/reviews';
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
 * booking, once (docs/marketplace.md: Reviews). Published at once; `review.created` tells the business.
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
): Promise<{ data: BusinessReview[]; summary: ReviewSummary; nextCursor: string | null }> {
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
  const reported = await repo.reportTimes(
    db,
    auth.vendorId,
    page.map((row) => row.id),
  );
  return {
    data: page.map((row) => ({ ...toReview(row), reportedAt: reported.get(row.id) ?? null })),
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
export async function replyToReview(deps: Deps, auth: AuthContext, id: string, body: string): Promise<BusinessReview> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Review');
  const db = deps.database.db;
  const row = await reviewOfBusiness(db, auth, id);
  const now = deps.clock.now();
  await deps.database.writeTransaction((trx) => repo.setReply(trx, row.id, body, now));
  const reported = await repo.reportTimes(db, auth.vendorId, [row.id]);
  return { ...toReview({ ...row, reply: body, replied_at: now, updated_at: now }), reportedAt: reported.get(row.id) ?? null };
}

/**
 * `POST /api/reviews/:id/report`: the business asks support to look at a review, once. The first
 * report mails support with both sides named (`review.reported`, which also confirms it to the
 * reporter); a repeat, from anyone of the business, answers the same with the first report's time
 * and mails nobody. The review stays published: no business can hide a review.
 */
export async function reportReview(deps: Deps, auth: AuthContext, id: string, body: ReportReviewBody): Promise<ReviewReportReceipt> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Review');
  const db = deps.database.db;
  const row = await reviewOfBusiness(db, auth, id);
  const [user, names, request] = await Promise.all([findUser(db, auth.userId), businessNames(db, [auth.vendorId]), findCoupleRequest(db, row.request_id)]);
  const now = deps.clock.now();
  const note = body.note?.trim() || null;
  return deps.database.writeTransaction(async (trx) => {
    const first = await repo.insertReport(trx, {
      id: randomUUID(),
      review_id: row.id,
      vendor_id: auth.vendorId,
      user_id: auth.userId,
      reason: body.reason,
      note,
      created_at: now,
    });
    if (!first) return { reported: true, reportedAt: (await repo.reportTimes(trx, auth.vendorId, [row.id])).get(row.id) ?? now };
    await deps.events.publish(trx, 'review.reported', {
      reviewId: row.id,
      vendorId: auth.vendorId,
      businessName: names.get(auth.vendorId) ?? 'A business',
      reporterEmail: user?.email ?? '',
      reporterEmailVerified: user?.emailVerified ?? false,
      reason: body.reason,
      note,
      rating: Number(row.rating),
      title: row.title,
      body: row.body,
      customerName: row.customer_name,
      customerEmail: request?.customerEmail ?? '',
    });
    return { reported: true, reportedAt: now };
  });
}
