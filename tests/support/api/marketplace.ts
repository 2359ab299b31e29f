import { expect } from 'vitest';
import { grantCredits, spendCredits } from '../../../server/credits';
import type { TestContext } from './test-app';
import { dayFromNow } from './clock';
import { agent, login, outboxFor, uniqueEmail, type SessionBody } from './http';
import { validDataFor } from './forms';

/** The marketplace API as tests call it: a couple's requests, a business's quotes and credits, and their stored rows. */

/** A business's session with what signs it in again (access tokens expire when the clock moves days). */
export type Seller = SessionBody & { email: string; password: string };

/** Signs the business in again after the clock moved past its access token's life. */
export async function signInAgain(ctx: TestContext, seller: Seller): Promise<void> {
  const res = await login(ctx, seller.email, seller.password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  seller.accessToken = (res.body as { data: SessionBody }).data.accessToken;
}

export interface RequestInput {
  category?: string;
  eventDate?: string;
  location?: string;
  guests?: number;
  budgetCents?: number;
  details?: Record<string, unknown>;
  customer?: { name: string; email: string; phone?: string };
  vendorId?: string;
}

/** Posts a customer's request (valid by default: a florist request in Austin 60 days ahead). */
export async function postRequest(ctx: TestContext, input: RequestInput = {}) {
  const category = input.category ?? 'florist';
  const body = {
    category,
    eventDate: input.eventDate ?? dayFromNow(ctx, 60),
    location: input.location ?? 'Austin, TX',
    guests: input.guests ?? 120,
    ...(input.budgetCents === undefined ? {} : { budgetCents: input.budgetCents }),
    details: input.details ?? (await validDataFor(ctx, `request-${category}`)),
    customer: input.customer ?? { name: 'Jordan Avery', email: uniqueEmail('couple') },
    ...(input.vendorId ? { vendorId: input.vendorId } : {}),
  };
  return { res: await agent(ctx).post('/api/public/quote-requests').send(body), body };
}

/** The token of the newest request link mailed to the customer. */
export async function customerToken(ctx: TestContext, email: string): Promise<string> {
  // The mail is queued as the request commits; under load its job may not be due at the first look.
  const deadline = Date.now() + 2_000;
  let mails = await outboxFor(ctx, email);
  while (!mails.some((m) => m.text_body.includes('/requests/')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mails = await outboxFor(ctx, email);
  }
  const mail = mails.reverse().find((m) => m.text_body.includes('/requests/'));
  const token = /\/requests\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  expect(token, `no request link mailed to ${email}`).toBeDefined();
  return token ?? '';
}

export interface QuoteBody {
  id: string;
  requestId: string;
  status: string;
  category: string;
  eventDate: string;
  location: string;
  guests: number;
  budgetCents: number | null;
  details: Record<string, unknown>;
  customer: { name: string; email?: string; phone?: string };
  priceCents: number | null;
  message: string | null;
  quoteDetails: Record<string, unknown> | null;
  leadCost: number;
  /** In lists: how many businesses got the request. */
  competitors?: number;
  refunded: boolean;
  closedReason: string | null;
  opened: boolean;
}

export interface CustomerRequestBody {
  id: string;
  status: string;
  category: string;
  eventDate: string;
  location: string;
  /** Confirmed and open, and its matching (a job) has not run yet. */
  matching: boolean;
  matched: number;
  quotes: { id: string; status: string; priceCents: number | null; vendor: { name: string; profilePath: string }; unread: number }[];
}

/** The business's quotes in one list. */
export async function quotesOf(ctx: TestContext, session: SessionBody, status: string, query: Record<string, string> = {}) {
  const res = await agent(ctx)
    .get('/api/quotes')
    .query({ status, ...query })
    .set('Authorization', `Bearer ${session.accessToken}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: QuoteBody[]; nextCursor: string | null };
}

/** Quotes a match with a price, a message and valid answers to its category's quote form (unless `body` says otherwise). */
export async function submitQuote(
  ctx: TestContext,
  session: SessionBody,
  quote: Pick<QuoteBody, 'id' | 'category'>,
  body: Record<string, unknown> = {},
  key?: string,
) {
  const details = await validDataFor(ctx, `quote-${quote.category}`);
  const req = agent(ctx).post(`/api/quotes/${quote.id}/submit`).set('Authorization', `Bearer ${session.accessToken}`);
  if (key) req.set('Idempotency-Key', key);
  return req.send({ priceCents: 185000, message: 'We would love to do your flowers: peonies and garden roses.', details, ...body });
}

export async function balanceOf(ctx: TestContext, session: SessionBody): Promise<number> {
  const res = await agent(ctx).get('/api/credits').set('Authorization', `Bearer ${session.accessToken}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: { balance: number } }).data.balance;
}

/**
 * US cities more than 100 miles apart: a test that puts its businesses (50-mile radius) and its
 * requests in a city of its own meets no other test's businesses in a shared app.
 */
const CITIES = [
  'Seattle, WA',
  'Denver, CO',
  'Boston, MA',
  'Miami, FL',
  'Chicago, IL',
  'Phoenix, AZ',
  'Portland, OR',
  'Atlanta, GA',
  'Minneapolis, MN',
  'Salt Lake City, UT',
  'Nashville, TN',
  'Kansas City, MO',
  'Albuquerque, NM',
  'Boise, ID',
  'Omaha, NE',
  'Billings, MT',
  'Fargo, ND',
  'Las Vegas, NV',
  'Los Angeles, CA',
  'San Francisco, CA',
  'New Orleans, LA',
  'Charlotte, NC',
  'Pittsburgh, PA',
  'Detroit, MI',
  'El Paso, TX',
  'Oklahoma City, OK',
  'Little Rock, AR',
  'Jacksonville, FL',
  'Spokane, WA',
  'Sioux Falls, SD',
  'Memphis, TN',
  'Buffalo, NY',
  'Cincinnati, OH',
  'Des Moines, IA',
  'Wichita, KS',
  'Reno, NV',
  'Tampa, FL',
  'Savannah, GA',
  'Birmingham, AL',
  'Richmond, VA',
  'Burlington, VT',
  'Rapid City, SD',
  'Missoula, MT',
  'Bismarck, ND',
  'Amarillo, TX',
  'Houston, TX',
];
const citiesUsed = new WeakMap<TestContext, number>();

/** A city no other test of this app has used (Austin is the builders' default). */
export function freshCity(ctx: TestContext): string {
  const used = citiesUsed.get(ctx) ?? 0;
  if (used >= CITIES.length) throw new Error('every test city is taken in this app: add cities to tests/support/api/marketplace.ts');
  citiesUsed.set(ctx, used + 1);
  return CITIES[used] as string;
}

/** The quote of `requestId` that the business has in the list `status` (undefined when none). */
export async function quoteFor(ctx: TestContext, seller: SessionBody, requestId: string, status = 'potential'): Promise<QuoteBody | undefined> {
  return (await quotesOf(ctx, seller, status, { limit: '100' })).data.find((q) => q.requestId === requestId);
}

/** Like quoteFor, failing the test when there is none. */
export async function matchOf(ctx: TestContext, seller: SessionBody, requestId: string, status = 'potential'): Promise<QuoteBody> {
  const quote = await quoteFor(ctx, seller, requestId, status);
  expect(quote, `no ${status} quote of request ${requestId}`).toBeDefined();
  return quote as QuoteBody;
}

/** The ids of the businesses a request was matched with, as stored. */
export async function matchedVendorIds(ctx: TestContext, requestId: string): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom('quotes').select('vendor_id').where('request_id', '=', requestId).execute();
  return rows.map((row) => row.vendor_id).sort();
}

/** The business's id (the vendor record's `vendor_id`). */
export function businessOf(seller: SessionBody): string {
  return seller.vendor.vendor_id;
}

/** The stored quote row. */
export async function storedQuote(ctx: TestContext, id: string) {
  return ctx.database.db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The stored request row. */
export async function storedRequest(ctx: TestContext, id: string) {
  return ctx.database.db.selectFrom('quote_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The business's ledger rows as stored, oldest first. */
export async function ledgerRows(ctx: TestContext, seller: SessionBody) {
  const rows = await ctx.database.db
    .selectFrom('credit_entries')
    .selectAll()
    .where('vendor_id', '=', businessOf(seller))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ delta: Number(row.delta), reason: row.reason, quoteId: row.quote_id, note: row.note }));
}

/** The stored balance and the sum of the stored ledger (they must always be equal). */
export async function storedCredits(ctx: TestContext, seller: SessionBody): Promise<{ balance: number; ledger: number }> {
  const balance = await ctx.database.db.selectFrom('credit_balances').select('balance').where('vendor_id', '=', businessOf(seller)).executeTakeFirst();
  const entries = await ledgerRows(ctx, seller);
  return { balance: Number(balance?.balance ?? 0), ledger: entries.reduce((sum, entry) => sum + entry.delta, 0) };
}

/** An operator's adjustment of the business's credits (a ledger row like any other), to set a balance up. */
export async function adjustCredits(ctx: TestContext, seller: SessionBody, delta: number): Promise<void> {
  const change = { vendorId: businessOf(seller), amount: Math.abs(delta), reason: 'adjustment' as const, note: 'Set up by the test' };
  const left = await ctx.database.writeTransaction((trx) => (delta >= 0 ? grantCredits(ctx.deps, trx, change) : spendCredits(ctx.deps, trx, change)));
  expect(left).not.toBeNull();
}

/** `GET /api/quotes/:id` as the business. */
export function getQuote(ctx: TestContext, seller: SessionBody, id: string) {
  return agent(ctx).get(`/api/quotes/${id}`).set('Authorization', `Bearer ${seller.accessToken}`);
}

/** `POST /api/quotes/:id/decline` as the business. */
export function declineQuote(ctx: TestContext, seller: SessionBody, id: string, body: Record<string, unknown> = {}, key?: string) {
  const req = agent(ctx).post(`/api/quotes/${id}/decline`).set('Authorization', `Bearer ${seller.accessToken}`);
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
}

/** The customer's page (`GET /api/public/requests/:token`); opening it marks the quotes shown as seen. */
export function customerPage(ctx: TestContext, token: string) {
  return agent(ctx).get(`/api/public/requests/${token}`);
}

/**
 * The couple's page once their request's matching has run: matching is a job queued by the
 * confirm, so the jobs due are run until the page no longer says vendors are being found.
 */
export async function matchedPage(ctx: TestContext, token: string): Promise<CustomerRequestBody> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    await ctx.jobs.runDue();
    const res = await customerPage(ctx, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.data as CustomerRequestBody;
    if (!page.matching) return page;
    expect(Date.now(), `the request ${page.id} is still being matched`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A customer's action on one quote of their request: accept or reject. */
export function customerDecides(ctx: TestContext, token: string, quoteId: string, decision: 'accept' | 'reject') {
  return agent(ctx).post(`/api/public/requests/${token}/quotes/${quoteId}/${decision}`);
}

/** Saves one of the business's forms (a category's settings, an auto-response); fails the test on a 400. */
export async function saveForm(ctx: TestContext, seller: SessionBody, formId: string, data: Record<string, unknown>): Promise<void> {
  const res = await agent(ctx).put(`/api/vendor/forms/${formId}`).set('Authorization', `Bearer ${seller.accessToken}`).send(data);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
