import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { startOfDayAfter } from '../../shared/marketplace/calendar-days';
import type { DB } from '../core/db/schema';
import type { JobRunner } from '../core/jobs/job-runner';
import { matchRequest } from '../matching';
import { findCoupleRequest, startMatching } from '../requests';
import { quoteChanged, vendorQuoteLink } from './quote-history';
import { DAY_MS } from '../../shared/time/durations';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';

/** How long a match waits for a quote. */
const MATCH_OPEN_DAYS = 30;

/** A failed match is retried sooner than other jobs (5 s, doubling): the couple's page is waiting for it. */
const MATCH_RETRY_MS = 5_000;

export const MATCH_JOBS = {
  /** A confirmed request is matched (queued on `request.confirmed`, one per request). */
  matchRequest: 'quotes.match-request',
  /** A potential match nobody quoted in 30 days closes. */
  expireMatch: 'quotes.expire-match',
  /** The day after the event: open quotes close, an accepted one is completed and the review asked for. */
  afterEvent: 'quotes.after-event',
} as const;

/**
 * `request.confirmed`: the couple opened their link, and their request is matched by a job, so
 * the confirming request answers at once instead of after matching and its mails. One job per
 * request.
 */
export function queueMatch(deps: Pick<QuotesDeps, 'jobs'>, trx: Kysely<DB>, requestId: string): Promise<void> {
  return deps.jobs.enqueue(trx, { name: MATCH_JOBS.matchRequest, payload: { requestId }, dedupeKey: requestId });
}

/**
 * The job `quotes.match-request`: matching picks the businesses that get the request (docs/marketplace.md, Requests and matching), and each gets a potential quote, `quote.created` and its
 * lifecycle jobs, all in one transaction. Once per request: the run that starts its matching
 * (`startMatching`) makes the matches, any other (a second instance, the job delivered again)
 * finds it started and does nothing, and a run that fails rolls back whole and is retried. A
 * request withdrawn or closed before its turn goes to nobody.
 */
async function matchConfirmedRequest(deps: QuotesDeps, requestId: string): Promise<void> {
  await deps.database.writeTransaction(async (trx) => {
    if (await startMatching(trx, requestId)) await makeMatches(deps, trx, requestId);
  });
}

async function makeMatches(deps: QuotesDeps, trx: Kysely<DB>, requestId: string): Promise<void> {
  const request = await findCoupleRequest(trx, requestId);
  // A category an operator removed since the request was posted has nobody to match.
  const category = deps.schemas().config.categoryFiles.find((c) => c.id === request?.categoryId);
  if (!request || request.status !== 'open' || !category) return;
  const now = deps.clock.now();
  const vendorIds = await matchRequest(deps, trx, {
    categoryId: request.categoryId,
    eventDate: request.eventDate,
    lat: request.lat,
    lng: request.lng,
    guests: request.guests,
    budgetCents: request.budgetCents,
    details: request.details,
    directVendorId: request.directVendorId,
  });
  const afterEvent = startOfDayAfter(request.eventDate);
  const expiry = now + MATCH_OPEN_DAYS * DAY_MS;
  for (const vendorId of vendorIds) {
    const quote: QuoteRow = {
      id: randomUUID(),
      request_id: request.id,
      vendor_id: vendorId,
      category_id: request.categoryId,
      status: 'potential',
      event_date: request.eventDate,
      customer_name: request.customerName,
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
      first_response_at: null,
      accepted_at: null,
      created_at: now,
      updated_at: now,
    };
    await repo.insertQuote(trx, quote);
    await repo.insertQuoteEvent(trx, { quote_id: quote.id, status: 'potential', actor: 'system', note: 'Matched with the request', created_at: now });
    await deps.events.publish(trx, 'quote.created', {
      quoteId: quote.id,
      requestId: request.id,
      vendorId,
      category: request.categoryId,
      categoryLabel: category.label,
      serviceName: category.serviceName ?? category.label.toLowerCase(),
      customerName: request.customerName,
      customerEmail: request.customerEmail,
      eventDate: request.eventDate,
      guests: request.guests,
      location: request.location,
      quoteLink: vendorQuoteLink(deps, quote),
    });
    if (expiry < afterEvent) await deps.jobs.enqueue(trx, { name: MATCH_JOBS.expireMatch, payload: { quoteId: quote.id }, runAt: expiry, dedupeKey: quote.id });
    await deps.jobs.enqueue(trx, { name: MATCH_JOBS.afterEvent, payload: { quoteId: quote.id }, runAt: afterEvent, dedupeKey: quote.id });
  }
  deps.logger.info('quote request matched', { requestId: request.id, vendors: vendorIds.length });
}

interface QuoteJob {
  quoteId: string;
}

interface RequestJob {
  requestId: string;
}

/**
 * Matching a confirmed request, and a match's lifecycle on the clock (docs/marketplace.md, Quote
 * lifecycle), set when it is made: each job looks at the quote as it is when it runs, so one whose
 * quote moved on does nothing.
 */
export function defineMatchJobs(runner: JobRunner, deps: QuotesDeps): void {
  runner.define<RequestJob>({
    name: MATCH_JOBS.matchRequest,
    backoffMs: MATCH_RETRY_MS,
    handler: ({ requestId }) => matchConfirmedRequest(deps, requestId),
  });

  runner.define<QuoteJob>({
    name: MATCH_JOBS.expireMatch,
    handler: async ({ quoteId }) => {
      await deps.database.writeTransaction(async (trx) => {
        const quote = await repo.findQuote(trx, quoteId);
        if (!quote || !(await repo.moveQuote(trx, quote.id, ['potential'], 'closed', deps.clock.now(), { closed_reason: 'expired' }))) return;
        await quoteChanged(deps, trx, quote, {
          status: 'closed',
          previous: 'potential',
          actor: 'system',
          note: 'Not quoted within 30 days',
          closedReason: 'expired',
        });
      });
    },
  });

  runner.define<QuoteJob>({
    name: MATCH_JOBS.afterEvent,
    handler: async ({ quoteId }) => {
      await deps.database.writeTransaction(async (trx) => {
        const quote = await repo.findQuote(trx, quoteId);
        if (!quote) return;
        const now = deps.clock.now();
        if (quote.status === 'accepted') {
          if (!(await repo.moveQuote(trx, quote.id, ['accepted'], 'completed', now))) return;
          await quoteChanged(deps, trx, quote, { status: 'completed', previous: 'accepted', actor: 'system', note: 'The event took place' });
        } else if (await repo.moveQuote(trx, quote.id, ['potential', 'submitted'], 'closed', now, { closed_reason: 'event-passed' })) {
          await quoteChanged(deps, trx, quote, {
            status: 'closed',
            previous: quote.status,
            actor: 'system',
            note: 'The event date passed',
            closedReason: 'event-passed',
          });
        }
      });
    },
  });
}
