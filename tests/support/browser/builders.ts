import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { vendorTypeIds, type Category } from '../vendor-types';
import { bearerOf, GOOD_PASSWORD, linkFromOutbox, uniqueEmail } from './accounts';

/**
 * The data of the browser specs, made through the running server's API (never through the
 * screens): `aVendor(request, { name, category, city })`, `aConfirmedRequest`, `aQuotedQuote`,
 * `aBookedQuote`, `aBusinessWithMember`, `aVendorOnPlan`, `aCardOnFile`. Each fails the test at the step that went
 * wrong. Everyone signs in with {@link GOOD_PASSWORD}.
 */

/** A business signed up and onboarded through the API. */
export interface Vendor {
  name: string;
  email: string;
  password: string;
  vendorId: string;
  /** Bearer headers of the sign-up session, good for a few seconds only (the e2e server's tokens live 4 s): later calls use {@link bearerOf}. */
  headers: { Authorization: string };
}

export interface VendorOptions {
  /** The business name, at sign-up and in onboarding. */
  name: string;
  /** Its category (default florist: no compulsory settings screen). */
  category?: Category;
  /** Where it is based (default Austin, TX). */
  city?: string;
  /** Its contact phone (default 5550102030). */
  phone?: string;
  /** How far it travels, in miles (default: the onboarding form's). */
  radiusMiles?: number;
  /** The notice it needs before an event, in days (default: the onboarding form's). */
  noticeDays?: number;
  /** A category's compulsory settings form, saved after onboarding so the guard lets the vendor through to its pages. */
  settings?: { formId: string; data: Record<string, unknown> };
}

/** A business registered and onboarded in a category and a city through the API (not signed in in the browser). */
export async function aVendor(request: APIRequestContext, options: VendorOptions): Promise<Vendor> {
  const email = uniqueEmail('vendor');
  const registered = await request.post('/api/register', { data: { email, password: GOOD_PASSWORD, businessName: options.name } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const onboarded = await request.put('/api/vendor/forms/new-user-step-1', {
    headers,
    data: {
      business_name: options.name,
      vendor_type_ids: vendorTypeIds(options.category ?? 'florist'),
      contact_phone: options.phone ?? '5550102030',
      city: options.city ?? 'Austin, TX',
      ...(options.radiusMiles === undefined ? {} : { service_radius_miles: options.radiusMiles }),
      ...(options.noticeDays === undefined ? {} : { min_notice_days: options.noticeDays }),
    },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  if (options.settings) {
    const saved = await request.put(`/api/vendor/forms/${options.settings.formId}`, { headers, data: options.settings.data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const { vendor_id: vendorId } = ((await onboarded.json()) as { data: { vendor_id: string } }).data;
  return { name: options.name, email, password: GOOD_PASSWORD, vendorId, headers };
}

/** `YYYY-MM-DD` of the day `days` from now (UTC, as the server counts days; the browser and the server share this machine's clock). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A couple's request as `POST /api/public/quote-requests` takes it; the couple's email is made here. */
export interface Ask {
  /** Default florist. */
  category?: string;
  eventDate: string;
  location: string;
  /** Default 90. */
  guests?: number;
  budgetCents?: number;
  details: Record<string, unknown>;
  customer: { name: string; phone?: string };
  /** Asks this business directly (from its profile); without it the request goes to every business near `location`. */
  vendorId?: string;
}

/**
 * A couple asks for quotes and confirms through the mailed link (through the API), and the request
 * is matched (the job the confirm queued has run). Each request comes from an address of its own
 * (the server trusts the loopback proxy's X-Forwarded-For), so the specs do not use up the hourly
 * limit that requests from 127.0.0.1 share. Returns the link's token and the couple's email.
 */
export async function aConfirmedRequest(request: APIRequestContext, ask: Ask): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('couple');
  const posted = await request.post('/api/public/quote-requests', {
    headers: { 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    data: { category: 'florist', guests: 90, ...ask, customer: { ...ask.customer, email } },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const token = (await linkFromOutbox(request, email, '/requests/')).split('/').pop() ?? '';
  const confirmed = await request.post(`/api/public/requests/${token}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  // Matching is a job the confirm queued: the request's vendors have their match once the page says so.
  await expect
    .poll(async () => ((await (await request.get(`/api/public/requests/${token}`)).json()) as { data: { matching: boolean } }).data.matching, {
      message: 'the request is matched',
    })
    .toBe(false);
  return { token, email };
}

/** A quote as a florist sends it: a price, a message and answers valid for the quote-florist form (another category passes its own `details`). */
export interface QuoteOptions {
  /** The couple whose match is quoted (default: the vendor's only potential match). */
  customer?: string;
  priceCents?: number;
  message?: string;
  details?: Record<string, unknown>;
}

const FLORIST_QUOTE = { arrangements: 'Garden roses, peonies and eucalyptus in blush and ivory.', bouquets: 4, centerpieces: 12, setup_included: true };

/** The vendor quotes a match it has; returns the quote's id. */
export async function aQuotedQuote(request: APIRequestContext, vendor: Pick<Vendor, 'name' | 'email'>, options: QuoteOptions = {}): Promise<string> {
  const list = await request.get('/api/quotes?status=potential&limit=100', { headers: await bearerOf(request, vendor.email) });
  expect(list.status(), await list.text()).toBe(200);
  const matches = ((await list.json()) as { data: { id: string; customer: { name: string } }[] }).data;
  const match = options.customer === undefined ? matches[0] : matches.find((quote) => quote.customer.name === options.customer);
  expect(match, `${vendor.name} has a match${options.customer ? ` from ${options.customer}` : ''} to quote`).toBeDefined();
  const id = match?.id ?? '';
  const submitted = await request.post(`/api/quotes/${id}/submit`, {
    headers: { ...(await bearerOf(request, vendor.email)), 'Idempotency-Key': `e2e-${id}` },
    data: {
      priceCents: options.priceCents ?? 185_000,
      message: options.message ?? 'We would love to do your flowers: peonies and garden roses.',
      details: options.details ?? FLORIST_QUOTE,
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

/** A couple asks `vendor` directly, the vendor quotes and the couple accepts: the vendor is booked on `ask.eventDate`. */
export async function aBookedQuote(
  request: APIRequestContext,
  vendor: Vendor,
  ask: Omit<Ask, 'vendorId'>,
  quote: Omit<QuoteOptions, 'customer'> = {},
): Promise<{ token: string; email: string; quoteId: string }> {
  const { token, email } = await aConfirmedRequest(request, { ...ask, vendorId: vendor.vendorId });
  const quoteId = await aQuotedQuote(request, vendor, { ...quote, customer: ask.customer.name });
  const accepted = await request.post(`/api/public/requests/${token}/quotes/${quoteId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { token, email, quoteId };
}

/** A team member who joined through the mailed invitation: what signs them in, and the access token they joined with. */
export interface Member {
  email: string;
  password: string;
  accessToken: string;
}

/** An onboarded business (see {@link aVendor}) with one team member who joined through the invitation link. */
export async function aBusinessWithMember(request: APIRequestContext, options: VendorOptions): Promise<{ owner: Vendor; member: Member }> {
  const owner = await aVendor(request, options);
  const email = uniqueEmail('member');
  const invited = await request.post('/api/team/invitations', { headers: owner.headers, data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = (await linkFromOutbox(request, email, '/register-with-token/')).split('/').pop() ?? '';
  const joined = await request.post('/api/register-with-token', { data: { token, password: GOOD_PASSWORD } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { accessToken } = ((await joined.json()) as { data: { accessToken: string } }).data;
  return { owner, member: { email, password: GOOD_PASSWORD, accessToken } };
}

/** Stripe's test cards, as the sandbox provider plays them. */
export const CARDS = {
  good: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  failsLater: '4000 0000 0000 0341',
} as const;

/** An onboarded business (see {@link aVendor}) with a card on a plan, as the billing screens would do it: the card tokenised by the provider, then attached and subscribed. */
export async function aVendorOnPlan(request: APIRequestContext, options: VendorOptions & { plan?: string; card?: string }): Promise<Vendor> {
  const vendor = await aVendor(request, options);
  const token = await request.post('/sandbox/payment-methods', {
    data: { number: (options.card ?? CARDS.good).replace(/\s/g, ''), expMonth: 12, expYear: 2035, cvc: '123' },
  });
  expect(token.status(), await token.text()).toBe(201);
  const headers = await bearerOf(request, vendor.email);
  const { id } = (await token.json()) as { id: string };
  const attached = await request.put('/api/billing/payment-method', {
    headers: { ...headers, 'Idempotency-Key': `attach-${id}` },
    data: { paymentMethodId: id },
  });
  expect(attached.status(), await attached.text()).toBe(200);
  const subscribed = await request.post('/api/billing/subscription', {
    headers: { ...headers, 'Idempotency-Key': `subscribe-${id}` },
    data: { planId: options.plan ?? 'starter' },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  return vendor;
}

/** Makes `number` the business's card on file, tokenised by the provider as the card form does (a card that fails later, before a renewal). */
export async function aCardOnFile(request: APIRequestContext, vendor: Pick<Vendor, 'email'>, number: string): Promise<void> {
  const token = await request.post('/sandbox/payment-methods', { data: { number: number.replace(/\s/g, ''), expMonth: 12, expYear: 2035, cvc: '123' } });
  expect(token.status(), await token.text()).toBe(201);
  const { id } = (await token.json()) as { id: string };
  const attached = await request.put('/api/billing/payment-method', {
    headers: { ...(await bearerOf(request, vendor.email)), 'Idempotency-Key': `attach-${id}` },
    data: { paymentMethodId: id },
  });
  expect(attached.status(), await attached.text()).toBe(200);
}
