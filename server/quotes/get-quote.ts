import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import type { Quote, QuoteDetail } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import type { AuthContext } from '../core/http/require-auth';
import { findCoupleRequest } from '../requests';
import { noSuchQuote, toQuote } from './quote-row';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';

/** The quote with its request (a quote always has one), as the business sees it. */
async function withRequest(db: Kysely<DB>, row: QuoteRow): Promise<Quote> {
  const request = await findCoupleRequest(db, row.request_id);
  if (!request) throw noSuchQuote();
  return toQuote(row, request);
}

/** `GET /api/quotes/:id`: the quote (opening it makes a match no longer new), how many vendors got the request, and its history. */
export async function getQuote(deps: QuotesDeps, auth: AuthContext, id: string): Promise<QuoteDetail> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const row = await repo.findQuoteOf(db, auth.vendorId, id);
  if (!row) throw noSuchQuote();
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
