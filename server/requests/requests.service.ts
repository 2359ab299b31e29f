import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreateRequestBody } from '../../shared/contracts/marketplace';
import type { FieldError } from '../../shared/contracts/problem';
import { daysBetween, startOfDayAfter, todayOf } from '../../shared/marketplace/calendar-days';
import { categoriesOf, findVendor } from '../business';
import { requestFormId, type ConfigSnapshot } from '../config';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { declaredAnswers, type FormValidator } from '../forms';
import type { Gazetteer } from '../places';
import { toCoupleRequest, type CoupleRequest } from './couple-request';
import { REQUEST_JOBS, UNCONFIRMED_DAYS } from './requests.jobs';
import * as repo from './requests.repository';
import { DAY_MS } from '../../shared/time/durations';

/** What the requests use cases need besides the core. */
export interface RequestsDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  validator: FormValidator;
  places: Gazetteer;
}

/** How far ahead a request may be (two years). */
const MAX_DAYS_AHEAD = 730;
/** How long after its event date a customer's link still opens their request (README: Marketplace). */
export const LINK_DAYS_AFTER_EVENT = 365;

/** The signed link a customer acts through (README: Marketplace: `PUBLIC_URL/requests/<token>`). */
export function customerLink(deps: Pick<CoreDeps, 'links' | 'publicUrl'>, requestId: string): string {
  return `${deps.publicUrl}/requests/${deps.links.sign('request', requestId)}`;
}

/** The one answer for a link that is not a request's: unknown, malformed and tampered alike (README: Marketplace). */
export function noSuchRequest(): AppError {
  return new AppError(404, 'not-found', 'This link is not valid. Open the link in your latest email from us.');
}

/** The request a customer's link points at, or 404: for an unknown or tampered link, and once the link has ended (a year after the event). */
export async function requestOfLink(deps: Pick<CoreDeps, 'links' | 'clock'>, db: Kysely<DB>, token: string): Promise<CoupleRequest> {
  const id = deps.links.verify('request', token);
  const row = id ? await repo.findRequest(db, id) : undefined;
  if (!row || daysBetween(row.event_date, todayOf(deps.clock.now())) > LINK_DAYS_AFTER_EVENT) throw noSuchRequest();
  return toCoupleRequest(row);
}

/** A request by id (for a subscriber or job that holds one). */
export async function findCoupleRequest(db: Kysely<DB>, id: string): Promise<CoupleRequest | undefined> {
  const row = await repo.findRequest(db, id);
  return row && toCoupleRequest(row);
}

/** These requests, by id (the vendor's lists show each quote with its request). */
export async function coupleRequests(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, CoupleRequest>> {
  const rows = await repo.findRequests(db, ids);
  return new Map(rows.map((row) => [row.id, toCoupleRequest(row)]));
}

/**
 * The request's matching starts (the quotes module's job, in its transaction): it no longer
 * awaits it. True once per confirmation: false when another run took it first (a second
 * instance, a retry after the first committed) or it awaits none.
 */
export function startMatching(trx: Kysely<DB>, id: string): Promise<boolean> {
  return repo.takeAwaitedMatch(trx, id);
}

/** The couple booked a vendor: an open request becomes booked; false when it was not open. */
export function bookRequest(trx: Kysely<DB>, id: string, now: number): Promise<boolean> {
  return repo.moveRequest(trx, id, ['open'], 'booked', now);
}

/**
 * `POST /api/public/quote-requests` (README: Marketplace): a customer asks for quotes. Checked
 * first: a known category, a date from tomorrow to two years ahead, a US place, the category's
 * request form, and for a request from a profile, a business that offers the category. Stored
 * unconfirmed; the customer is mailed their link. Nothing is matched before they open it.
 */
export async function createRequest(deps: RequestsDeps, body: CreateRequestBody): Promise<{ id: string; status: 'unconfirmed' }> {
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
    await deps.jobs.enqueue(trx, { name: REQUEST_JOBS.expireUnconfirmed, payload: { requestId: id }, runAt: now + UNCONFIRMED_DAYS * DAY_MS, dedupeKey: id });
  });
  deps.logger.info('quote request received', { requestId: id, category: category.id, direct: Boolean(body.vendorId) });
  return { id, status: 'unconfirmed' };
}

/**
 * `POST /api/public/requests/:token/confirm`: the customer opened their link, so the request is
 * real: it opens, awaiting its match, and `request.confirmed` has it matched (the quotes module,
 * by a job: the couple's page answers at once and says vendors are being found; README:
 * Marketplace, Requests and matching). Once: a second call changes nothing. Confirmed on the day
 * of the event or after it (the link is older than the event), it closes instead: no business
 * may pay for it.
 */
export async function confirmRequest(deps: Pick<CoreDeps, 'links' | 'clock' | 'database' | 'events' | 'jobs'>, token: string): Promise<CoupleRequest> {
  const request = await requestOfLink(deps, deps.database.db, token);
  const now = deps.clock.now();
  await deps.database.writeTransaction(async (trx) => {
    if (daysBetween(todayOf(now), request.eventDate) < 1) {
      await repo.moveRequest(trx, request.id, ['unconfirmed'], 'closed', now, { confirmed_at: now });
      return;
    }
    if (!(await repo.moveRequest(trx, request.id, ['unconfirmed'], 'open', now, { confirmed_at: now, awaiting_match: 1 }))) return;
    await deps.events.publish(trx, 'request.confirmed', { requestId: request.id, category: request.categoryId, eventDate: request.eventDate });
    await deps.jobs.enqueue(trx, {
      name: REQUEST_JOBS.closeAfterEvent,
      payload: { requestId: request.id },
      runAt: startOfDayAfter(request.eventDate),
      dedupeKey: request.id,
    });
  });
  return request;
}

/**
 * `POST /api/public/requests/:token/withdraw`: the customer no longer needs quotes; the request is
 * withdrawn and `request.withdrawn` closes its open quotes (the quotes module, which refunds a
 * quote the couple never opened). A booked request is not withdrawn here: the booking is between
 * the couple and the vendor.
 */
export async function withdrawRequest(deps: Pick<CoreDeps, 'links' | 'clock' | 'database' | 'events'>, token: string): Promise<CoupleRequest> {
  const request = await requestOfLink(deps, deps.database.db, token);
  await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.moveRequest(trx, request.id, ['unconfirmed', 'open'], 'withdrawn', deps.clock.now()))) {
      throw new AppError(
        409,
        'conflict',
        request.status === 'booked' ? 'This request is booked. Write to your vendor to change plans.' : 'This request is already closed.',
      );
    }
    await deps.events.publish(trx, 'request.withdrawn', { requestId: request.id });
  });
  return request;
}
