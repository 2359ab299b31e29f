import { expect } from 'vitest';
import type { Billing } from '../../../shared/contracts/billing';
import { vendorTypeIds, type Category } from '../vendor-types';
import { addCard, CARDS, choosePlan } from './billing';
import { advanceDays, DAY_MS } from './clock';
import { onboard } from './forms';
import { agent, OTHER_STRONG_PASSWORD, registerVendor, tokenFromMail, uniqueEmail, waitForMail, type SessionBody } from './http';
import {
  customerDecides,
  customerToken,
  matchedPage,
  matchOf,
  postRequest,
  storedQuote,
  submitQuote,
  type CustomerRequestBody,
  type QuoteBody,
  type RequestInput,
  type Seller,
} from './marketplace';
import type { TestContext } from './test-app';

/**
 * The data of the API suites, made through the API as a vendor and a couple would make it:
 * `aVendor({ category, city })`, `aConfirmedRequest()`, `aQuotedQuote(vendor)`, `aBookedQuote(vendor)`,
 * `aCompletedQuote(vendor)`, `aBusinessWithMember()`, `aVendorOnPlan()`. Each fails the test at the
 * step that went wrong.
 */

export interface VendorOptions {
  /** Its category or categories (default florist: no compulsory settings screen). */
  category?: Category | Category[];
  /** Where it is based (default Austin, TX). */
  city?: string;
  /** Its name as onboarding saves it (default a unique "Petals …"). */
  businessName?: string;
  /** Any other answers to onboarding (default a 50-mile radius and no notice needed). */
  onboarding?: Record<string, unknown>;
}

/** A business registered and onboarded in a category and a city, with its session (as registration answered it). */
export async function aVendor(ctx: TestContext, options: VendorOptions = {}): Promise<Seller> {
  const session = await registerVendor(ctx);
  await onboard(ctx, session, {
    business_name: options.businessName ?? `Petals ${uniqueEmail('x').slice(2, 8)}`,
    vendor_type_ids: vendorTypeIds(options.category ?? 'florist'),
    city: options.city ?? 'Austin, TX',
    service_radius_miles: 50,
    min_notice_days: 0,
    ...options.onboarding,
  });
  return session;
}

/** Marks the address `seller` registered with as verified, as its welcome mail's link would (tests/api/auth/email-verification.test.ts drives the link). */
export async function verifyAddress(ctx: TestContext, seller: Seller): Promise<void> {
  const updated = await ctx.database.db
    .updateTable('users')
    .set({ email_verified_at: ctx.clock.now() })
    .where('email', '=', seller.email.toLowerCase())
    .executeTakeFirst();
  expect(Number(updated.numUpdatedRows)).toBe(1);
}

/**
 * A couple's request (valid by default: a florist request in Austin 60 days ahead), confirmed
 * through the mailed link and matched (the job the confirm queued has run): `request` is the
 * couple's page then.
 */
export async function aConfirmedRequest(ctx: TestContext, input: RequestInput = {}): Promise<{ token: string; email: string; request: CustomerRequestBody }> {
  const { res, body } = await postRequest(ctx, input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = await customerToken(ctx, body.customer.email);
  const confirmed = await agent(ctx).post(`/api/public/requests/${token}/confirm`);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { token, email: body.customer.email, request: await matchedPage(ctx, token) };
}

/**
 * What a quote builder is asked: the couple's request (sent to the vendor directly unless `vendorId`
 * says otherwise; a customer without an email gets a unique one) and the quote's body.
 */
export type QuoteInput = Omit<RequestInput, 'customer'> & { customer?: { name: string; email?: string; phone?: string }; quote?: Record<string, unknown> };

/** A couple's confirmed request, the vendor's match of it, and its quote as the potential list showed it. */
export interface QuoteSetup {
  token: string;
  email: string;
  request: CustomerRequestBody;
  quote: QuoteBody;
}

/** A couple asks `vendor` directly and the vendor quotes (valid answers to its category's quote form unless `quote` says otherwise). */
export async function aQuotedQuote(ctx: TestContext, vendor: SessionBody, input: QuoteInput = {}): Promise<QuoteSetup> {
  const { quote: body, customer, ...ask } = input;
  const asked = await aConfirmedRequest(ctx, {
    vendorId: vendor.vendor.vendor_id,
    ...ask,
    ...(customer ? { customer: { email: uniqueEmail('couple'), ...customer } } : {}),
  });
  const quote = await matchOf(ctx, vendor, asked.request.id);
  const submitted = await submitQuote(ctx, vendor, quote, body);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return { ...asked, quote };
}

/** A quote of `vendor` that the couple accepted. */
export async function aBookedQuote(ctx: TestContext, vendor: SessionBody, input: QuoteInput = {}): Promise<QuoteSetup> {
  const booked = await aQuotedQuote(ctx, vendor, input);
  const accepted = await customerDecides(ctx, booked.token, booked.quote.id, 'accept');
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return booked;
}

/** A booked quote whose event has taken place: the server clock is moved past the event and the jobs due have run. */
export async function aCompletedQuote(ctx: TestContext, vendor: SessionBody, input: QuoteInput = {}): Promise<QuoteSetup> {
  const booked = await aBookedQuote(ctx, vendor, input);
  const eventDay = Date.parse(`${booked.request.eventDate}T00:00:00Z`);
  await advanceDays(ctx, Math.ceil((eventDay - ctx.clock.now()) / DAY_MS) + 2);
  expect((await storedQuote(ctx, booked.quote.id)).status).toBe('completed');
  return booked;
}

/** A business and a team member (role `client`) who joined through the mailed invitation, each with the session and what signs them in again. */
export async function aBusinessWithMember(
  ctx: TestContext,
  options: { owner?: Seller; businessName?: string } = {},
): Promise<{ owner: Seller; member: Seller }> {
  const owner = options.owner ?? (await registerVendor(ctx, { businessName: options.businessName ?? 'Bluebell Florals' }));
  const email = uniqueEmail('member');
  const invited = await agent(ctx).post('/api/team/invitations').set('Authorization', `Bearer ${owner.accessToken}`).send({ email });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const [mail] = await waitForMail(ctx, email);
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  const joined = await agent(ctx)
    .post('/api/register-with-token')
    .send({ token: tokenFromMail(mail, '/register-with-token/'), password: OTHER_STRONG_PASSWORD });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  return { owner, member: { ...(joined.body as { data: SessionBody }).data, email, password: OTHER_STRONG_PASSWORD } };
}

/** A business with a card (`card`, default Visa) on `plan` (default starter); `vendor` defaults to a new {@link aVendor}. */
export async function aVendorOnPlan(
  ctx: TestContext,
  options: { plan?: string; card?: string; vendor?: Seller } = {},
): Promise<{ vendor: Seller; billing: Billing }> {
  const vendor = options.vendor ?? (await aVendor(ctx));
  await addCard(ctx, vendor, options.card ?? CARDS.visa);
  const res = await choosePlan(ctx, vendor, options.plan ?? 'starter');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { vendor, billing: (res.body as { data: Billing }).data };
}
