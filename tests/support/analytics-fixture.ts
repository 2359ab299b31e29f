import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';
import type { DB } from '../../server/core/db/schema';

/** A quote of a fixture, written straight into the tables (times epoch ms): what the analytics read and nothing more. */
export interface FixtureQuote {
  categoryId?: string;
  status: QuoteStatus;
  createdAt: number;
  firstResponseAt?: number | null;
  submittedAt?: number | null;
  priceCents?: number | null;
  /** When the couple accepted it (an `accepted` history row). */
  acceptedAt?: number | null;
}

/**
 * Inserts `quotes` for the business, each with a request of its own, in batches (the analytics'
 * API tests and the bench's 100,000 quotes). Returns the quotes' ids in order.
 */
export async function insertQuotes(db: Kysely<DB>, vendorId: string, quotes: readonly FixtureQuote[], batchSize = 500): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < quotes.length; start += batchSize) {
    const batch = quotes.slice(start, start + batchSize).map((quote) => ({ quote, id: randomUUID(), requestId: randomUUID() }));
    await db
      .insertInto('quote_requests')
      .values(
        batch.map(({ quote, requestId }) => ({
          id: requestId,
          category_id: quote.categoryId ?? 'florist',
          event_date: '2027-06-01',
          location: 'Austin, TX',
          lat: 30.27,
          lng: -97.74,
          guests: 100,
          budget_cents: null,
          details: '{}',
          details_version: 1,
          customer_name: 'Fixture Couple',
          customer_email: `${requestId}@example.com`,
          customer_phone: null,
          direct_vendor_id: vendorId,
          status: 'open',
          confirmed_at: quote.createdAt,
          created_at: quote.createdAt,
          updated_at: quote.createdAt,
        })),
      )
      .execute();
    await db
      .insertInto('quotes')
      .values(
        batch.map(({ quote, id, requestId }) => ({
          id,
          request_id: requestId,
          vendor_id: vendorId,
          category_id: quote.categoryId ?? 'florist',
          status: quote.status,
          event_date: '2027-06-01',
          customer_name: 'Fixture Couple',
          price_cents: quote.priceCents ?? null,
          message: null,
          details: null,
          lead_cost: 1,
          refunded: 0,
          closed_reason: null,
          decline_reason: null,
          vendor_viewed_at: null,
          customer_viewed_at: null,
          submitted_at: quote.submittedAt ?? null,
          first_response_at: quote.firstResponseAt ?? null,
          accepted_at: quote.acceptedAt ?? null,
          created_at: quote.createdAt,
          updated_at: quote.createdAt,
        })),
      )
      .execute();
    const accepted = batch.filter(({ quote }) => quote.acceptedAt != null);
    if (accepted.length > 0) {
      await db
        .insertInto('quote_events')
        .values(
          accepted.map(({ quote, id }) => ({
            id: randomUUID(),
            quote_id: id,
            status: 'accepted',
            actor: 'customer',
            note: null,
            created_at: quote.acceptedAt as number,
          })),
        )
        .execute();
    }
    ids.push(...batch.map(({ id }) => id));
  }
  return ids;
}

/** Leads' credits as the ledger records them (`lead`, negative), without touching the balance, in batches. */
export async function insertLeadCredits(
  db: Kysely<DB>,
  vendorId: string,
  quoteIds: readonly string[],
  at: number,
  credits = 1,
  batchSize = 1_000,
): Promise<void> {
  for (let start = 0; start < quoteIds.length; start += batchSize) {
    await db
      .insertInto('credit_entries')
      .values(
        quoteIds
          .slice(start, start + batchSize)
          .map((quoteId) => ({ id: randomUUID(), vendor_id: vendorId, delta: -credits, reason: 'lead', quote_id: quoteId, note: null, created_at: at })),
      )
      .execute();
  }
}
