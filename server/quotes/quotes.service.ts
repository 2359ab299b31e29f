import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  RESPONSE_WINDOW_DAYS,
  type Quote,
  type QuoteDetail,
  type QuoteListItem,
  type QuoteListQuery,
  type QuoteSummary,
} from '../../shared/contracts/marketplace';
import { todayOf } from '../../shared/marketplace/calendar-days';
import { quoteFormId } from '../config';
import { creditBalance, spendCredits } from '../credits';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { decodeCursor, encodeCursor } from '../core/http/page-cursor';
import type { AuthContext } from '../core/http/require-auth';
import { declaredAnswers } from '../forms';
import { writeToCouple } from '../messages';
import { coupleRequests, findCoupleRequest } from '../requests';
import { quoteChanged } from './quote-history';
import { toQuote } from './quote-row';
import { DAY_MS } from '../../shared/time/durations';
import { creditCount, type QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';
import { responseStats } from './response-time';
import { refundCheck, REFUND_JOB } from './refunds';

function notFound(): AppError {
  return new AppError(404, 'not-found', 'No quote with that id.');
}

/** The quote with its request (a quote always has one), as the business sees it. */
async function withRequest(db: Kysely<DB>, row: QuoteRow): Promise<Quote> {
  const request = await findCoupleRequest(db, row.request_id);
  if (!request) throw notFound();
  return toQuote(row, request);
}

const cursorSchema = z.object({ s: z.enum(['received', 'event-date']), k: z.union([z.number(), z.string()]), i: z.string() });

function encodeListCursor(deps: Pick<CoreDeps, 'links'>, sort: string, row: QuoteRow): string {
  return encodeCursor(deps.links, 'quotes', { s: sort, k: sort === 'received' ? Number(row.created_at) : row.event_date, i: row.id });
}

/** A cursor this server made for this sort; a changed one, or one of another sort, is a 400, never a wrong page. */
function decodeListCursor(deps: Pick<CoreDeps, 'links'>, sort: string, cursor: string): repo.ListPosition {
  const position = decodeCursor(
    deps.links,
    'quotes',
    cursor,
    cursorSchema.refine((parsed) => parsed.s === sort),
  );
  return { key: position.k, id: position.i };
}

/** `GET /api/quotes`: one page of a list, newest first (or soonest event), with the cursor of the next; each row says how many businesses got its request. */
export async function listQuotes(deps: QuotesDeps, auth: AuthContext, query: QuoteListQuery): Promise<{ data: QuoteListItem[]; nextCursor: string | null }> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const rows = await repo.listQuotes(deps.database.db, {
    vendorId: auth.vendorId,
    status: query.status,
    sort: query.sort,
    limit: query.limit,
    after: query.cursor ? decodeListCursor(deps, query.sort, query.cursor) : null,
    categoryId: query.category,
    from: query.from,
    to: query.to,
    search: query.q?.toLowerCase(),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const requestIds = page.map((row) => row.request_id);
  const [competitors, requests] = await Promise.all([repo.countQuotesOfRequests(deps.database.db, requestIds), coupleRequests(deps.database.db, requestIds)]);
  return {
    data: page.flatMap((row) => {
      const request = requests.get(row.request_id);
      return request ? [{ ...toQuote(row, request), competitors: competitors.get(row.request_id) ?? 1 }] : [];
    }),
    nextCursor: rows.length > query.limit && last ? encodeListCursor(deps, query.sort, last) : null,
  };
}

/** `GET /api/quotes/:id`: the quote (opening it makes a match no longer new), how many vendors got the request, and its history. */
export async function getQuote(deps: QuotesDeps, auth: AuthContext, id: string): Promise<QuoteDetail> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const row = await repo.findQuoteOf(db, auth.vendorId, id);
  if (!row) throw notFound();
  if (row.vendor_viewed_at === null) {
    const now = deps.clock.now();
    await repo.updateQuote(db, id, { vendor_viewed_at: now });
    row.vendor_viewed_at = now;
  }
  const [quote, competitors, history] = await Promise.all([withRequest(db, row), repo.countQuotesOfRequest(db, row.request_id), repo.quoteEvents(db, id)]);
  return {
    ...quote,
    competitors,
    history: history.map((event) => ({ status: event.status, actor: event.actor, note: event.note, at: Number(event.created_at) })),
  };
}

/**
 * `POST /api/quotes/:id/submit`: quotes a potential match. In one transaction: the status moves
 * from potential (409 if it is not), the category's lead cost is spent (402 when the balance does
 * not cover it: nothing changes), the customer is mailed, and a refund check is set for when the
 * customer has not opened it within app.json's `marketplace.refundUnreadAfterHours`. The customer's
 * contact is revealed in the answer.
 */
export async function submitQuote(
  deps: QuotesDeps,
  auth: AuthContext,
  id: string,
  input: { priceCents: number; message: string; details?: Record<string, unknown> | undefined },
) {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  const db = deps.database.db;
  const found = await repo.findQuoteOf(db, auth.vendorId, id);
  if (!found) throw notFound();
  const form = deps.schemas().config.forms.get(quoteFormId(found.category_id));
  let details = input.details ?? {};
  if (form) {
    const errors = deps.validator.validate(form.payload.schema, details).map((error) => ({ path: `details.${error.path}`, message: error.message }));
    if (errors.length > 0) throw new AppError(400, 'validation-failed', 'Some fields need your attention.', errors);
    details = declaredAnswers(form.payload.schema, details);
  }
  // Read once: the couple's address for the mail in the transaction, and the quote's answer after.
  const request = await findCoupleRequest(db, found.request_id);
  if (!request) throw notFound();
  const now = deps.clock.now();
  const { moved, left } = await deps.database.writeTransaction(async (trx) => {
    const moved = await repo.moveQuote(trx, id, ['potential'], 'submitted', now, {
      price_cents: input.priceCents,
      message: input.message,
      details: JSON.stringify(details),
      submitted_at: now,
      vendor_viewed_at: found.vendor_viewed_at ?? now,
    });
    if (!moved)
      throw new AppError(
        409,
        'conflict',
        found.status === 'potential' ? 'This quote changed meanwhile. Reload it.' : 'This request was already answered or is closed.',
      );
    const left = await spendCredits(deps, trx, {
      vendorId: auth.vendorId,
      amount: Number(found.lead_cost),
      reason: 'lead',
      quoteId: id,
      note: `Quoted ${found.customer_name}, ${found.event_date}`,
    });
    if (left === null) {
      const have = await creditBalance(trx, auth.vendorId);
      throw new AppError(
        402,
        'insufficient-credits',
        `Quoting this request takes ${creditCount(Number(found.lead_cost))} and you have ${have}. Buy more credits to send it.`,
      );
    }
    await quoteChanged(
      deps,
      trx,
      found,
      {
        status: 'submitted',
        previous: 'potential',
        actor: 'vendor',
        note: `${creditCount(Number(found.lead_cost))} spent`,
      },
      request,
    );
    await deps.jobs.enqueue(trx, { name: REFUND_JOB, ...refundCheck(deps, id, now), dedupeKey: id });
    return { moved, left };
  });
  // The row the update answered: every field of the answer was set by it (the subscribers write
  // only the first response time, which the answer does not show).
  return { data: toQuote(moved, request), credits: { balance: left } };
}

/**
 * `POST /api/quotes/:id/decline`: a potential match the business will not quote closes, for free.
 * With `message`, the couple is told in the quote's thread, in the same transaction.
 */
export async function declineQuote(deps: QuotesDeps, auth: AuthContext, id: string, reason: string | undefined, message?: string): Promise<Quote> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  if (message !== undefined) ForbiddenError.from(auth.ability).throwUnlessCan('create', 'Message');
  const db = deps.database.db;
  const found = await repo.findQuoteOf(db, auth.vendorId, id);
  if (!found) throw notFound();
  const request = await findCoupleRequest(db, found.request_id);
  if (!request) throw notFound();
  const now = deps.clock.now();
  const moved = await deps.database.writeTransaction(async (trx) => {
    const moved = await repo.moveQuote(trx, id, ['potential'], 'closed', now, {
      closed_reason: 'declined',
      decline_reason: reason?.trim() || null,
      vendor_viewed_at: found.vendor_viewed_at ?? now,
    });
    if (!moved) throw new AppError(409, 'conflict', 'Only a request you have not quoted can be declined.');
    await quoteChanged(
      deps,
      trx,
      found,
      {
        status: 'closed',
        previous: 'potential',
        actor: 'vendor',
        note: reason?.trim() ? `Declined: ${reason.trim()}` : 'Declined',
        closedReason: 'declined',
      },
      request,
    );
    if (message !== undefined) await writeToCouple(deps, trx, id, message);
    return moved;
  });
  return toQuote(moved, request);
}

/** How many upcoming bookings the summary lists. */
const UPCOMING = 5;

/** `GET /api/quotes/summary`: counts per list, new matches (not opened yet), the next booked events, and the response time of the last 90 days. */
export async function quoteSummary(deps: QuotesDeps, auth: AuthContext): Promise<QuoteSummary> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const now = deps.clock.now();
  const [{ counts, unopened }, upcoming, responseTime] = await Promise.all([
    repo.quoteCounts(db, auth.vendorId),
    repo.upcomingBookings(db, auth.vendorId, todayOf(now), UPCOMING),
    responseStats(db, auth.vendorId, now - RESPONSE_WINDOW_DAYS * DAY_MS),
  ]);
  const requests = await coupleRequests(
    db,
    upcoming.map((row) => row.request_id),
  );
  const all = Object.fromEntries(
    (['potential', 'submitted', 'accepted', 'completed', 'rejected', 'closed'] as const).map((status) => [status, counts.get(status) ?? 0]),
  ) as QuoteSummary['counts'];
  return {
    counts: all,
    newMatches: unopened,
    upcoming: upcoming.map((row) => ({
      id: row.id,
      category: row.category_id,
      eventDate: row.event_date,
      customerName: row.customer_name,
      location: requests.get(row.request_id)?.location ?? '',
    })),
    responseTime,
  };
}
