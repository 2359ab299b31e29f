import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, outboxFor, uniqueEmail } from '../../support/api/http';
import {
  customerDecides,
  declineQuote,
  freshCity,
  getQuote,
  ledgerRows,
  matchOf,
  quotesOf,
  storedCredits,
  storedQuote,
  submitQuote,
  type QuoteBody,
  type Seller,
} from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * The business's side of the marketplace (docs/marketplace.md, Leads and quotes): its lists with
 * their cursor, sorts, filters and search, the summary, a quote with its history, and what it
 * may never see: another business's quote or price, the couple's contact before quoting.
 */
describe.each(TEST_DATABASES)('the quotes API on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const list = (seller: Seller, query: Record<string, string>) =>
    agent(ctx).get('/api/quotes').query(query).set('Authorization', `Bearer ${seller.accessToken}`);

  /** A florist and baker with five matches a second apart: [category, days ahead, customer]. */
  async function busyBusiness() {
    const city = freshCity(ctx);
    const seller = await aVendor(ctx, { city, category: ['bakery', 'florist'] });
    const plan: [string, number, string][] = [
      ['florist', 60, 'Ana Diaz'],
      ['bakery', 45, 'Ben 100% Bold'],
      ['florist', 40, 'Chloe Ng'],
      ['bakery', 55, 'Dan NG'],
      ['florist', 50, 'Eve Stone'],
    ];
    const quotes: QuoteBody[] = [];
    for (const [category, days, name] of plan) {
      ctx.advanceClock(1_000);
      const { request } = await aConfirmedRequest(ctx, {
        category,
        location: city,
        eventDate: dayFromNow(ctx, days),
        customer: { name, email: uniqueEmail('couple') },
      });
      quotes.push(await matchOf(ctx, seller, request.id));
    }
    return { seller, quotes, names: (page: { data: QuoteBody[] }) => page.data.map((q) => q.customer.name) };
  }

  it('when a list is read page by page, then newest received first, each quote once, and no cursor after the last page', async () => {
    const { seller, names } = await busyBusiness();

    const first = await quotesOf(ctx, seller, 'potential', { limit: '2' });
    const second = await quotesOf(ctx, seller, 'potential', { limit: '2', cursor: first.nextCursor ?? '' });
    const third = await quotesOf(ctx, seller, 'potential', { limit: '2', cursor: second.nextCursor ?? '' });

    expect([names(first), names(second), names(third)]).toEqual([['Eve Stone', 'Dan NG'], ['Chloe Ng', 'Ben 100% Bold'], ['Ana Diaz']]);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(third.nextCursor).toBeNull();
    expect(first.data[0]).toMatchObject({
      status: 'potential',
      requestId: expect.any(String),
      leadCost: 1,
      refunded: false,
      opened: false,
      customer: { name: 'Eve Stone' },
    });
  });

  it('when sorted by event date, filtered by category or dates, or searched by name, then only those come back, in that order', async () => {
    const { seller, names } = await busyBusiness();

    const byDate = await quotesOf(ctx, seller, 'potential', { sort: 'event-date', limit: '3' });
    const byDateNext = await quotesOf(ctx, seller, 'potential', { sort: 'event-date', limit: '3', cursor: byDate.nextCursor ?? '' });
    const bakery = await quotesOf(ctx, seller, 'potential', { category: 'bakery' });
    const range = await quotesOf(ctx, seller, 'potential', { from: dayFromNow(ctx, 45), to: dayFromNow(ctx, 55), sort: 'event-date' });
    const ng = await quotesOf(ctx, seller, 'potential', { q: 'ng' });
    const percent = await quotesOf(ctx, seller, 'potential', { q: '100%' });
    const wildcard = await quotesOf(ctx, seller, 'potential', { q: '_' });

    expect([...names(byDate), ...names(byDateNext)]).toEqual(['Chloe Ng', 'Ben 100% Bold', 'Eve Stone', 'Dan NG', 'Ana Diaz']);
    expect(byDateNext.nextCursor).toBeNull();
    expect(names(bakery)).toEqual(['Dan NG', 'Ben 100% Bold']);
    expect(bakery.data.every((q) => q.category === 'bakery')).toBe(true);
    expect(names(range)).toEqual(['Ben 100% Bold', 'Eve Stone', 'Dan NG']);
    expect(names(ng)).toEqual(['Dan NG', 'Chloe Ng']);
    expect(names(percent)).toEqual(['Ben 100% Bold']);
    expect(names(wildcard)).toEqual([]);
  });

  it('when a cursor was tampered with, made for another sort, or the query is malformed, then 400 naming the field', async () => {
    const { seller } = await busyBusiness();
    const { nextCursor } = await quotesOf(ctx, seller, 'potential', { limit: '1' });
    const cursor = nextCursor ?? '';
    const flipped = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    const forged = `${Buffer.from(JSON.stringify({ s: 'received', k: 0, i: 'z' })).toString('base64url')}.${cursor.split('.')[1] ?? ''}`;

    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', cursor: flipped }), 400, 'validation-failed'))).toEqual(['cursor']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', cursor: forged }), 400, 'validation-failed'))).toEqual(['cursor']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', cursor: 'garbage' }), 400, 'validation-failed'))).toEqual(['cursor']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', cursor, sort: 'event-date' }), 400, 'validation-failed'))).toEqual(['cursor']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'booked' }), 400))).toEqual(['status']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', limit: '101' }), 400))).toEqual(['limit']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', limit: 'ten' }), 400))).toEqual(['limit']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', from: '2027-02-30' }), 400))).toEqual(['from']);
    expect(errorPaths(expectProblem(await list(seller, { status: 'potential', q: 'x'.repeat(81) }), 400))).toEqual(['q']);
    expectProblem(await list(seller, {}), 400);
    expectProblem(await agent(ctx).get('/api/quotes').query({ status: 'potential' }), 401);
  });

  it('when the summary is read, then it counts each list, the matches not opened yet, the booked events to come, and the response time', async () => {
    const city = freshCity(ctx);
    const seller = await aVendor(ctx, { city });
    const booked = await aConfirmedRequest(ctx, {
      location: city,
      eventDate: dayFromNow(ctx, 30),
      customer: { name: 'Gail Booked', email: uniqueEmail('couple') },
    });
    const opened = await aConfirmedRequest(ctx, { location: city });
    await aConfirmedRequest(ctx, { location: city });
    const declined = await aConfirmedRequest(ctx, { location: city });
    const bookedQuote = await matchOf(ctx, seller, booked.request.id);
    expect((await submitQuote(ctx, seller, bookedQuote)).status).toBe(200);
    expect((await customerDecides(ctx, booked.token, bookedQuote.id, 'accept')).status).toBe(200);
    expect((await getQuote(ctx, seller, (await matchOf(ctx, seller, opened.request.id)).id)).status).toBe(200);
    expect((await declineQuote(ctx, seller, (await matchOf(ctx, seller, declined.request.id)).id)).status).toBe(200);

    const res = await agent(ctx).get('/api/quotes/summary').set('Authorization', `Bearer ${seller.accessToken}`);

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      counts: { potential: 2, submitted: 0, accepted: 1, completed: 0, rejected: 0, closed: 1 },
      newMatches: 1,
      upcoming: [{ id: bookedQuote.id, category: 'florist', eventDate: dayFromNow(ctx, 30), customerName: 'Gail Booked', location: city }],
      // Four leads, two answered (the quote and the decline) at once.
      responseTime: { medianMinutes: 0, responseRate: 0.5, answered: 2, leads: 4 },
    });
  });

  it("when a quote is opened, then it (and its list row) shows how many businesses got the request, and its history, and never another business's price or the couple's contact before quoting", async () => {
    const city = freshCity(ctx);
    const first = await aVendor(ctx, { city });
    const second = await aVendor(ctx, { city });
    const customer = { name: 'Hana Ito', email: uniqueEmail('couple'), phone: '512 555 0199' };
    const { request } = await aConfirmedRequest(ctx, { location: city, customer, budgetCents: 400_000 });
    const mine = await matchOf(ctx, first, request.id);
    const theirs = await matchOf(ctx, second, request.id);
    const secret = { priceCents: 777_700, message: 'Our secret offer with ranunculus and garden roses.' };
    expect((await submitQuote(ctx, second, theirs, secret)).status).toBe(200);

    const row = (await quotesOf(ctx, first, 'potential')).data.find((q) => q.id === mine.id);
    const before = await getQuote(ctx, first, mine.id);

    expect(row?.competitors).toBe(2);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      id: mine.id,
      status: 'potential',
      competitors: 2,
      opened: true,
      budgetCents: 400_000,
      customer: { name: 'Hana Ito' },
      priceCents: null,
    });
    expect(before.body.data.history).toEqual([{ status: 'potential', actor: 'system', note: 'Matched with the request', at: expect.any(Number) }]);
    const seen =
      JSON.stringify(before.body) +
      JSON.stringify(await quotesOf(ctx, first, 'potential')) +
      JSON.stringify((await outboxFor(ctx, first.email)).map((m) => m.text_body + m.html_body));
    for (const hidden of [customer.email, '555 0199', '777700', 'ranunculus']) expect(seen).not.toContain(hidden);

    const quoted = await submitQuote(ctx, first, mine);
    expect(quoted.body.data.customer).toEqual({ name: 'Hana Ito', email: customer.email, phone: customer.phone });
    const after = await getQuote(ctx, first, mine.id);
    expect(after.body.data).toMatchObject({ status: 'submitted', priceCents: 185000, customer: { email: customer.email, phone: customer.phone } });
    expect(after.body.data.history.map((h: { status: string }) => h.status)).toEqual(['potential', 'submitted']);
    expect(JSON.stringify(after.body)).not.toContain('777700');
  });

  it("when another business's quote id is used, then 404 like an unknown id, with none of its data, and nothing changes", async () => {
    const city = freshCity(ctx);
    const owner = await aVendor(ctx, { city });
    const stranger = await aVendor(ctx, { city: freshCity(ctx) });
    const { request } = await aConfirmedRequest(ctx, { location: city, customer: { name: 'Ivy Quinn', email: uniqueEmail('couple') } });
    const match = await matchOf(ctx, owner, request.id);
    const unknown = await getQuote(ctx, stranger, '00000000-0000-4000-8000-000000000000');

    const read = await getQuote(ctx, stranger, match.id);
    const submit = await submitQuote(ctx, stranger, match);
    const decline = await declineQuote(ctx, stranger, match.id);

    expectProblem(unknown, 404, 'not-found');
    expect(expectProblem(read, 404, 'not-found')).toEqual(unknown.body);
    expect(expectProblem(submit, 404, 'not-found')).toEqual(unknown.body);
    expect(expectProblem(decline, 404, 'not-found')).toEqual(unknown.body);
    expect(JSON.stringify([read.body, submit.body, decline.body])).not.toContain('Ivy Quinn');
    expectProblem(await getQuote(ctx, stranger, 'not-a-uuid'), 404, 'not-found');
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'potential', vendor_viewed_at: null });
    expect(await storedCredits(ctx, stranger)).toEqual({ balance: 10, ledger: 10 });
  });

  it('when a submit or decline has bad input (price -1, wrong types, answers that fail the quote form, unknown keys, a long reason), then 4xx naming the fields, nothing stored or spent', async () => {
    const city = freshCity(ctx);
    const seller = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, seller, request.id);
    const submit = (body: Record<string, unknown>) => submitQuote(ctx, seller, match, body);

    expect(errorPaths(expectProblem(await submit({ priceCents: -1 }), 400, 'validation-failed'))).toEqual(['priceCents']);
    expect(errorPaths(expectProblem(await submit({ priceCents: 1234.5 }), 400))).toEqual(['priceCents']);
    expect(errorPaths(expectProblem(await submit({ priceCents: '185000' }), 400))).toEqual(['priceCents']);
    expect(errorPaths(expectProblem(await submit({ message: 42 }), 400))).toEqual(['message']);
    expect(errorPaths(expectProblem(await submit({ message: 'Hi' }), 400))).toEqual(['message']);
    expect(errorPaths(expectProblem(await submit({ details: ['arrangements'] }), 400))).toEqual(['details']);
    expect(errorPaths(expectProblem(await submit({ details: { arrangements: 'short' } }), 400))).toEqual(['details.arrangements']);
    expect(errorPaths(expectProblem(await submit({ details: { bouquets: 3 } }), 400))).toContain('details.arrangements');
    expect(errorPaths(expectProblem(await submit({ vendorPrice: 1 }), 400))).toEqual(['']);
    expect(errorPaths(expectProblem(await declineQuote(ctx, seller, match.id, { reason: 42 }), 400))).toEqual(['reason']);
    expect(errorPaths(expectProblem(await declineQuote(ctx, seller, match.id, { reason: 'x'.repeat(501) }), 400))).toEqual(['reason']);
    expectProblem(await declineQuote(ctx, seller, match.id, { reason: 'x'.repeat(102_400) }), 413, 'payload-too-large');

    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'potential', price_cents: null, message: null, details: null, submitted_at: null });
    expect(await ledgerRows(ctx, seller)).toEqual([{ delta: 10, reason: 'trial', quoteId: null, note: expect.any(String) }]);
  });

  it('when a submit carries 100 KB of text, then a 413 or 400 problem and nothing is stored; keys the quote form does not ask are not stored', async () => {
    const city = freshCity(ctx);
    const seller = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, seller, request.id);
    const details = { arrangements: 'Peonies, garden roses and eucalyptus for every table.' };

    expectProblem(await submitQuote(ctx, seller, match, { message: 'x'.repeat(102_400) }), 413, 'payload-too-large');
    expect(errorPaths(expectProblem(await submitQuote(ctx, seller, match, { message: 'x'.repeat(100_000) }), 400))).toEqual(['message']);
    expect(errorPaths(expectProblem(await submitQuote(ctx, seller, match, { details: { ...details, includes: 'y'.repeat(60_000) } }), 400))).toEqual([
      'details.includes',
    ]);
    expect((await storedQuote(ctx, match.id)).status).toBe('potential');

    const res = await submitQuote(ctx, seller, match, { details: { ...details, padding: 'z'.repeat(90_000) } });

    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data.quoteDetails).toEqual(details);
    expect(JSON.parse((await storedQuote(ctx, match.id)).details ?? 'null')).toEqual(details);
  });
});
