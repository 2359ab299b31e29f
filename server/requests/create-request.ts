import { randomUUID } from 'node:crypto';
import type { CreateRequestBody } from '../../shared/contracts/marketplace';
import type { FieldError } from '../../shared/contracts/problem';
import { daysBetween, todayOf } from '../../shared/marketplace/calendar-days';
import { DAY_MS } from '../../shared/time/durations';
import { categoriesOf, findVendor } from '../business';
import { requestFormId } from '../config';
import { AppError } from '../core/http/app-error';
import { declaredAnswers } from '../forms';
import { REQUEST_JOBS, UNCONFIRMED_DAYS } from './requests.jobs';
import type { RequestsDeps } from './requests.deps';
import * as repo from './requests.repository';

/** How far ahead a request may be (two years). */
const MAX_DAYS_AHEAD = 730;

/**
 * `POST /api/public/quote-requests` (docs/marketplace.md): a customer asks for quotes. Checked
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
