import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreateRequestBody, CustomerRequest } from '../../shared/contracts/marketplace';
import type { FieldError } from '../../shared/contracts/problem';
import { addDays, daysBetween, todayOf } from '../../shared/marketplace/calendar-days';
import { publicProfilePath } from '../../shared/marketplace/public-profile-path';
import { businessNames, categoriesOf, findVendor } from '../business';
import { requestFormId } from '../config';
import { grantCredits } from '../credits';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import { matchRequest } from '../matching';
import { unreadFromVendor, vendorHasWritten } from '../messages';
import { declaredAnswers } from './declared-answers';
import { detailsOf } from './quote-row';
import * as repo from './quotes.repository';
import { quoteChanged, vendorQuoteLink, type QuotesDeps } from './quotes.service';
import type { QuoteRow } from './quotes.table';

/** How far ahead a request may be (two years), and how long a match waits for a quote. */
const MAX_DAYS_AHEAD = 730;
const MATCH_OPEN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An unconfirmed request is closed after this many days. */
const UNCONFIRMED_DAYS = 14;

export const QUOTE_JOBS = {
  /** A potential match nobody quoted in 30 days closes. */
  expireMatch: 'quotes.expire-match',
  /** The day after the event: open quotes close, an accepted one is completed and the review asked for. */
  afterEvent: 'quotes.after-event',
  /** A request never confirmed closes. */
  expireUnconfirmed: 'requests.expire-unconfirmed',
  /** The day after the event, a request nobody was matched with closes (its quotes' jobs close the others). */
  closeUnmatched: 'requests.close-unmatched',
} as const;

/** The one answer for a link that is not a request's: unknown and tampered alike (README: Marketplace). */
function noSuchRequest(): AppError {
  return new AppError(404, 'not-found', 'This link is not valid. Open the link in your latest email from us.');
}

/** How long after its event date a customer's link still opens their request (README: Marketplace). */
export const LINK_DAYS_AFTER_EVENT = 365;

/** The request a customer's link points at, or 404: for an unknown or tampered link, and once the link has ended (a year after the event). */
async function requestOfLink(deps: QuotesDeps, db: Kysely<DB>, token: string) {
  const id = deps.links.verify('request', token);
  const request = id ? await repo.findRequest(db, id) : undefined;
  if (!request || daysBetween(request.event_date, todayOf(deps.clock.now())) > LINK_DAYS_AFTER_EVENT) throw noSuchRequest();
  return request;
}

/** Epoch ms of the start (UTC) of the day after `date`. */
function dayAfter(date: string): number {
  return Date.parse(`${addDays(date, 1)}T00:00:00Z`);
}

/**
 * `POST /api/public/quote-requests` (README: Marketplace): a customer asks for quotes. Checked
 * first: a known category, a date from tomorrow to two years ahead, a US place, the category's
 * request form, and for a request from a profile, a business that offers the category. Stored
 * unconfirmed; the customer is mailed their link. Nothing is matched before they open it.
 */
export async function createRequest(deps: QuotesDeps, body: CreateRequestBody): Promise<{ id: string; status: 'unconfirmed' }> {
  const { config } = deps.schemas();
  const category = config.categoryFiles.find((c) => c.id === body.category);
  if (!category) throw new AppError(400, 'validation-failed', 'Choose a kind of vendor we list.', [{ path: 'category', message: 'Choose one of the options' }]);
  // Every field's problem at once, so the customer fixes the date and the place in one go.
  const problems: { detail: string; errors: FieldError[] }[] = [];
  const ahead = daysBetween(todayOf(deps.clock.now()), body.eventDate);
  if (ahead < 1) problems.push({ detail: 'The event date must be in the future.', errors: [{ path: 'eventDate', message: 'Choose a date after today' }] });
  if (ahead > MAX_DAYS_AHEAD)
    problems.push({ detail: 'Vendors quote up to two years ahead.', errors: [{ path: 'eventDate', message: 'Choose a date within two years' }] });
  const place = deps.places.find(body.location);
  if (!place) {
    problems.push({
      detail: 'We could not find that place.',
      errors: [{ path: 'location', message: `We could not find "${body.location}". Write a US city as "Austin, TX", or a 5-digit ZIP code.` }],
    });
  }
  const form = config.forms.get(requestFormId(category.id));
  const formErrors = form ? deps.validator.validate(form.payload.schema, body.details) : [];
  if (formErrors.length > 0) {
    problems.push({
      detail: 'Some answers need your attention.',
      errors: formErrors.map((error) => ({ path: `details.${error.path}`, message: error.message })),
    });
  }
  if (body.vendorId) {
    const vendor = await findVendor(deps.database.db, body.vendorId);
    const offers = categoriesOf(vendor).includes(category.vendorTypeId);
    if (!offers)
      problems.push({
        detail: `This vendor does not offer ${category.label.toLowerCase()}.`,
        errors: [{ path: 'vendorId', message: 'Not a vendor of this kind' }],
      });
  }
  if (problems.length > 0 || !place) {
    const detail = problems.length === 1 ? (problems[0]?.detail ?? '') : 'Some answers need your attention.';
    throw new AppError(
      400,
      'validation-failed',
      detail,
      problems.flatMap((problem) => problem.errors),
    );
  }
  const now = deps.clock.now();
  const id = randomUUID();
  await deps.database.writeTransaction(async (trx) => {
    await repo.insertRequest(trx, {
      id,
      category_id: category.id,
      event_date: body.eventDate,
      location: place.label,
      lat: place.lat,
      lng: place.lng,
      guests: body.guests,
      budget_cents: body.budgetCents ?? null,
      details: JSON.stringify(form ? declaredAnswers(form.payload.schema, body.details) : {}),
      details_version: form?.payload.version ?? 1,
      customer_name: body.customer.name,
      customer_email: body.customer.email,
      customer_phone: body.customer.phone ?? null,
      direct_vendor_id: body.vendorId ?? null,
      status: 'unconfirmed',
      confirmed_at: null,
      created_at: now,
      updated_at: now,
    });
    await deps.events.publish(trx, 'request.created', {
      requestId: id,
      categoryLabel: category.label,
      customerName: body.customer.name,
      customerEmail: body.customer.email,
      eventDate: body.eventDate,
    });
    await deps.jobs.enqueue(trx, { name: QUOTE_JOBS.expireUnconfirmed, payload: { requestId: id }, runAt: now + UNCONFIRMED_DAYS * DAY_MS, dedupeKey: id });
  });
  deps.logger.info('quote request received', { requestId: id, category: category.id, direct: Boolean(body.vendorId) });
  return { id, status: 'unconfirmed' };
}

/**
 * `POST /api/public/requests/:token/confirm`: the customer opened their link, so the request is
 * real: it is matched (README: Marketplace, Requests and matching). Once: a second call matches nothing again.
 */
export async function confirmRequest(deps: QuotesDeps, token: string): Promise<CustomerRequest> {
  const db = deps.database.db;
  const request = await requestOfLink(deps, db, token);
  const now = deps.clock.now();
  await deps.database.writeTransaction(async (trx) => {
    // Confirmed on the day or after it (the link is older than the event): no business may pay for it.
    if (daysBetween(todayOf(now), request.event_date) < 1) {
      await repo.moveRequest(trx, request.id, ['unconfirmed'], 'closed', now, { confirmed_at: now });
      return;
    }
    if (!(await repo.moveRequest(trx, request.id, ['unconfirmed'], 'open', now, { confirmed_at: now }))) return;
    const closeUnmatched = () =>
      deps.jobs.enqueue(trx, {
        name: QUOTE_JOBS.closeUnmatched,
        payload: { requestId: request.id },
        runAt: dayAfter(request.event_date),
        dedupeKey: request.id,
      });
    // A category an operator removed since the request was posted has nobody to match.
    const category = deps.schemas().config.categoryFiles.find((c) => c.id === request.category_id);
    if (!category) return closeUnmatched();
    const vendorIds = await matchRequest(deps, trx, {
      categoryId: request.category_id,
      eventDate: request.event_date,
      lat: Number(request.lat),
      lng: Number(request.lng),
      guests: Number(request.guests),
      budgetCents: request.budget_cents === null ? null : Number(request.budget_cents),
      details: detailsOf(request.details) ?? {},
      directVendorId: request.direct_vendor_id,
    });
    for (const vendorId of vendorIds) {
      const quote: QuoteRow = {
        id: randomUUID(),
        request_id: request.id,
        vendor_id: vendorId,
        category_id: request.category_id,
        status: 'potential',
        event_date: request.event_date,
        customer_name: request.customer_name,
        price_cents: null,
        message: null,
        details: null,
        lead_cost: category.leadCost,
        refunded: 0,
        closed_reason: null,
        decline_reason: null,
        vendor_viewed_at: null,
        customer_viewed_at: null,
        submitted_at: null,
        created_at: now,
        updated_at: now,
      };
      await repo.insertQuote(trx, quote);
      await repo.insertQuoteEvent(trx, { quote_id: quote.id, status: 'potential', actor: 'system', note: 'Matched with the request', created_at: now });
      await deps.events.publish(trx, 'quote.created', {
        quoteId: quote.id,
        requestId: request.id,
        vendorId,
        category: request.category_id,
        categoryLabel: category.label,
        customerName: request.customer_name,
        customerEmail: request.customer_email,
        eventDate: request.event_date,
        guests: Number(request.guests),
        location: request.location,
        quoteLink: vendorQuoteLink(deps, quote),
      });
      const afterEvent = dayAfter(request.event_date);
      const expiry = now + MATCH_OPEN_DAYS * DAY_MS;
      if (expiry < afterEvent)
        await deps.jobs.enqueue(trx, { name: QUOTE_JOBS.expireMatch, payload: { quoteId: quote.id }, runAt: expiry, dedupeKey: quote.id });
      await deps.jobs.enqueue(trx, { name: QUOTE_JOBS.afterEvent, payload: { quoteId: quote.id }, runAt: afterEvent, dedupeKey: quote.id });
    }
    if (vendorIds.length === 0) await closeUnmatched();
    deps.logger.info('quote request matched', { requestId: request.id, vendors: vendorIds.length });
  });
  return getCustomerRequest(deps, token);
}

/**
 * `GET /api/public/requests/:token`: the request with the quotes vendors sent (not the matches
 * they have not answered). Opening it marks those quotes as seen by the customer (README:
 * Marketplace).
 */
export async function getCustomerRequest(deps: QuotesDeps, token: string): Promise<CustomerRequest> {
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
    category: request.category_id,
    eventDate: request.event_date,
    location: request.location,
    guests: Number(request.guests),
    budgetCents: request.budget_cents === null ? null : Number(request.budget_cents),
    details: detailsOf(request.details) ?? {},
    customer: { name: request.customer_name },
    matched: all.length,
    quotes: shown.map((quote) => ({
      id: quote.id,
      status: quote.status,
      priceCents: quote.price_cents === null ? null : Number(quote.price_cents),
      message: quote.message,
      details: detailsOf(quote.details),
      vendor: { name: names.get(quote.vendor_id) ?? 'A vendor', profilePath: publicProfilePath(quote.vendor_id, names.get(quote.vendor_id) ?? '') },
      unread: unread.get(quote.id) ?? 0,
      submittedAt: quote.submitted_at === null ? null : Number(quote.submitted_at),
    })),
  };
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
    if (!(await repo.moveRequest(trx, request.id, ['open'], 'booked', now))) {
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
        await quoteChanged(deps, trx, other, { status: 'closed', previous: other.status, actor: 'customer', note: 'The couple booked another vendor' });
      }
    }
  });
  return getCustomerRequest(deps, token);
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
  return getCustomerRequest(deps, token);
}

/**
 * `POST /api/public/requests/:token/withdraw`: the customer no longer needs quotes. Every open
 * quote and match closes; a vendor whose quote the customer never opened gets its credits back
 * (README: Marketplace, Lead cost and refunds). A booked request is not withdrawn here: the
 * booking is between the couple and the vendor.
 */
export async function withdrawRequest(deps: QuotesDeps, token: string): Promise<CustomerRequest> {
  const db = deps.database.db;
  const request = await requestOfLink(deps, db, token);
  const now = deps.clock.now();
  await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.moveRequest(trx, request.id, ['unconfirmed', 'open'], 'withdrawn', now))) {
      throw new AppError(
        409,
        'conflict',
        request.status === 'booked' ? 'This request is booked. Write to your vendor to change plans.' : 'This request is already closed.',
      );
    }
    for (const listed of await repo.quotesOfRequest(trx, request.id)) {
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
        refunded: refund,
      });
    }
  });
  return getCustomerRequest(deps, token);
}

/** Gives the quote's credits back, once (README: Marketplace, Lead cost and refunds). */
export async function refundQuote(deps: QuotesDeps, trx: Kysely<DB>, quote: QuoteRow, why: string): Promise<boolean> {
  if (!(await repo.markRefunded(trx, quote.id, deps.clock.now()))) return false;
  await grantCredits(deps, trx, { vendorId: quote.vendor_id, amount: Number(quote.lead_cost), reason: 'refund', quoteId: quote.id, note: why });
  return true;
}
