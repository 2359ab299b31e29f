import type { Kysely } from 'kysely';
import type { CustomerRequest } from '../../shared/contracts/marketplace';
import { publicProfilePath } from '../../shared/marketplace/public-profile-path';
import { businessNames } from '../business';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import { unreadFromVendor, vendorHasWritten } from '../messages';
import { bookRequest, requestOfLink } from '../requests';
import { detailsOf } from './quote-row';
import { quoteChanged } from './quote-history';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';
import { refundQuote } from './refunds';
import { vendorContact, type VendorContact } from './vendor-contact';

/**
 * `GET /api/public/requests/:token`: the couple's page: their request with the quotes vendors
 * sent (not the matches they have not answered). Opening it marks those quotes as seen by the
 * customer (docs/marketplace.md).
 */
export async function customerPage(deps: QuotesDeps, token: string): Promise<CustomerRequest> {
  const db = deps.database.db;
  const request = await requestOfLink(deps, db, token);
  const all = await repo.quotesOfRequest(db, request.id);
  // Quotes, and the matches whose business has already written (an auto-response) without quoting yet.
  const wrote = await vendorHasWritten(
    db,
    all.filter((quote) => quote.submitted_at === null).map((quote) => quote.id),
  );
  const shown = all.filter((quote) => quote.submitted_at !== null || wrote.has(quote.id));
  const unseen = shown.filter((quote) => quote.submitted_at !== null && quote.customer_viewed_at === null);
  if (unseen.length > 0) {
    const now = deps.clock.now();
    await deps.database.writeTransaction(async (trx) => {
      for (const quote of unseen) await repo.updateQuote(trx, quote.id, { customer_viewed_at: now });
    });
  }
  const booked = shown.filter((quote) => quote.status === 'accepted' || quote.status === 'completed');
  const contacts = new Map(await Promise.all(booked.map(async (quote) => [quote.vendor_id, await vendorContact(db, quote.vendor_id)] as const)));
  const [names, unread] = await Promise.all([
    businessNames(
      db,
      shown.map((q) => q.vendor_id),
    ),
    unreadFromVendor(
      db,
      shown.map((q) => q.id),
    ),
  ]);
  return {
    id: request.id,
    status: request.status,
    category: request.categoryId,
    eventDate: request.eventDate,
    location: request.location,
    guests: request.guests,
    budgetCents: request.budgetCents,
    details: request.details,
    customer: { name: request.customerName },
    matching: request.status === 'open' && request.awaitingMatch,
    matched: all.length,
    quotes: shown.map((quote) => ({
      id: quote.id,
      status: quote.status,
      priceCents: quote.price_cents === null ? null : Number(quote.price_cents),
      message: quote.message,
      details: detailsOf(quote.details),
      vendor: {
        name: names.get(quote.vendor_id) ?? 'A vendor',
        profilePath: publicProfilePath(quote.vendor_id, names.get(quote.vendor_id) ?? ''),
        ...contactOf(contacts.get(quote.vendor_id)),
      },
      vendorOpened: quote.vendor_viewed_at !== null,
      unread: unread.get(quote.id) ?? 0,
      submittedAt: quote.submitted_at === null ? null : Number(quote.submitted_at),
    })),
  };
}

function contactOf(contact: VendorContact | undefined): { contact?: { phone: string | null; email: string | null } } {
  return contact ? { contact: { phone: contact.phone, email: contact.email } } : {};
}

/** A quote of this request that the customer can act on. */
async function quoteOfRequest(db: Kysely<DB>, requestId: string, quoteId: string): Promise<QuoteRow> {
  const quote = await repo.findQuote(db, quoteId);
  if (!quote || quote.request_id !== requestId || quote.submitted_at === null) throw new AppError(404, 'not-found', 'No quote with that id on this request.');
  return quote;
}

/**
 * `POST /api/public/requests/:token/quotes/:quoteId/accept`: books the vendor. Every other open
 * quote and match of the request closes; the vendor is told; the day after the event the booking
 * completes (the job was set when the match was made).
 */
export async function acceptQuote(deps: QuotesDeps, token: string, quoteId: string): Promise<CustomerRequest> {
  const db = deps.database.db;
  const request = await requestOfLink(deps, db, token);
  const quote = await quoteOfRequest(db, request.id, quoteId);
  const now = deps.clock.now();
  await deps.database.writeTransaction(async (trx) => {
    if (!(await bookRequest(trx, request.id, now))) {
      throw new AppError(
        409,
        'conflict',
        request.status === 'booked' ? 'You have already booked a vendor for this request.' : 'This request is no longer open.',
      );
    }
    if (!(await repo.moveQuote(trx, quote.id, ['submitted'], 'accepted', now, { customer_viewed_at: quote.customer_viewed_at ?? now }))) {
      throw new AppError(409, 'conflict', 'This quote can no longer be accepted.');
    }
    await quoteChanged(deps, trx, quote, { status: 'accepted', previous: 'submitted', actor: 'customer', note: 'Booked by the couple' });
    for (const other of await repo.quotesOfRequest(trx, request.id)) {
      if (other.id === quote.id) continue;
      if (await repo.moveQuote(trx, other.id, ['potential', 'submitted'], 'closed', now, { closed_reason: 'booked-elsewhere' })) {
        await quoteChanged(deps, trx, other, {
          status: 'closed',
          previous: other.status,
          actor: 'customer',
          note: 'The couple booked another vendor',
          closedReason: 'booked-elsewhere',
        });
      }
    }
  });
  return customerPage(deps, token);
}

/** `POST /api/public/requests/:token/quotes/:quoteId/reject`: turns one quote down; the vendor is told. */
export async function rejectQuote(deps: QuotesDeps, token: string, quoteId: string): Promise<CustomerRequest> {
  const db = deps.database.db;
  const request = await requestOfLink(deps, db, token);
  const quote = await quoteOfRequest(db, request.id, quoteId);
  const now = deps.clock.now();
  await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.moveQuote(trx, quote.id, ['submitted'], 'rejected', now, { customer_viewed_at: quote.customer_viewed_at ?? now }))) {
      throw new AppError(409, 'conflict', 'This quote can no longer be turned down.');
    }
    await quoteChanged(deps, trx, quote, { status: 'rejected', previous: 'submitted', actor: 'customer', note: 'Turned down by the couple' });
  });
  return customerPage(deps, token);
}

/**
 * `request.withdrawn`: every open quote and match of the request closes; a vendor whose quote the
 * customer never opened gets its credits back (docs/marketplace.md, Lead cost and refunds).
 */
export async function closeWithdrawn(deps: QuotesDeps, trx: Kysely<DB>, requestId: string): Promise<void> {
  const now = deps.clock.now();
  for (const listed of await repo.quotesOfRequest(trx, requestId)) {
    if (!(await repo.moveQuote(trx, listed.id, ['potential', 'submitted'], 'closed', now, { closed_reason: 'withdrawn' }))) continue;
    // Read again once the row is ours: on PostgreSQL a submit may have committed since the list was read.
    const quote = (await repo.findQuote(trx, listed.id)) ?? listed;
    const refund = quote.submitted_at !== null && quote.customer_viewed_at === null;
    if (refund) await refundQuote(deps, trx, quote, 'The couple withdrew the request before opening your quote');
    await quoteChanged(deps, trx, quote, {
      status: 'closed',
      previous: quote.submitted_at === null ? 'potential' : 'submitted',
      actor: 'customer',
      note: 'The couple withdrew the request',
      closedReason: 'withdrawn',
      refunded: refund,
    });
  }
}
