import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, outboxFor, uniqueEmail } from '../../support/api/http';
import { validDataFor } from '../../support/api/forms';
import { publicProfilePath } from '../../../shared/marketplace/public-profile-path';
import {
  businessOf,
  customerDecides,
  customerPage,
  customerToken,
  freshCity,
  matchOf,
  postRequest,
  storedQuote,
  storedRequest,
  submitQuote,
  type CustomerRequestBody,
} from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * The customer's side (docs/marketplace.md: the customer's side): a request posted without an
 * account, then everything through the signed link mailed to them. Bad input is a 4xx problem
 * with nothing stored or mailed; a link that is not the request's is the same 404 however wrong.
 */
describe.each(TEST_DATABASES)("the customer's requests on %s", (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A valid body for POST /api/public/quote-requests, with `changes` merged over it. */
  async function requestBody(changes: Record<string, unknown> = {}, email = uniqueEmail('couple')) {
    return {
      category: 'florist',
      eventDate: dayFromNow(ctx, 60),
      location: 'Austin, TX',
      guests: 120,
      details: await validDataFor(ctx, 'request-florist'),
      customer: { name: 'Jordan Avery', email },
      ...changes,
    };
  }

  const post = (body: unknown) =>
    agent(ctx)
      .post('/api/public/quote-requests')
      .send(body as object);
  const storedFor = (email: string) => ctx.database.db.selectFrom('quote_requests').selectAll().where('customer_email', '=', email).execute();

  it('when a request is posted, then 201 unconfirmed, stored as written (place from the gazetteer, email lower-cased), and the customer is mailed the link', async () => {
    const email = uniqueEmail('Couple').replace('couple', 'Couple');
    const body = await requestBody({ location: '  78701 ', budgetCents: 250_000, customer: { name: 'Jordan Avery', email, phone: '+1 512 555 0142' } });

    const res = await post(body);

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ data: { id: expect.any(String), status: 'unconfirmed' } });
    const [row] = await storedFor(email.toLowerCase());
    expect(row).toMatchObject({
      id: res.body.data.id,
      category_id: 'florist',
      status: 'unconfirmed',
      location: 'Austin, TX 78701',
      guests: 120,
      budget_cents: 250_000,
      customer_phone: '+1 512 555 0142',
      confirmed_at: null,
    });
    expect(Number(row?.lat)).toBeCloseTo(30.27, 1);
    expect(JSON.parse(row?.details ?? '{}')).toEqual(body.details);
    const [mail] = await outboxFor(ctx, email.toLowerCase());
    expect(mail?.subject).toBe('Confirm your florist request');
    expect(mail?.text_body).toContain(`http://127.0.0.1:3000/requests/${await customerToken(ctx, email.toLowerCase())}`);
  });

  it('when the event date is past, today, too far ahead or not a date, then 400 on eventDate and nothing is stored or mailed', async () => {
    const email = uniqueEmail('couple');
    for (const eventDate of [dayFromNow(ctx, -1), dayFromNow(ctx, 0), dayFromNow(ctx, 731), '2027-02-30', '12/06/2027', 20270612]) {
      const res = await post(await requestBody({ eventDate }, email));
      expect(errorPaths(expectProblem(res, 400, 'validation-failed')), String(eventDate)).toEqual(['eventDate']);
    }
    expect(await storedFor(email)).toEqual([]);
    expect(await outboxFor(ctx, email)).toEqual([]);
  });

  it('when fields have the wrong type or fail their rules, then 400 naming each, and nothing is stored or mailed', async () => {
    const email = uniqueEmail('couple');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ guests: 0 }, ['guests']],
      [{ guests: 'many' }, ['guests']],
      [{ guests: 12.5 }, ['guests']],
      [{ budgetCents: -1 }, ['budgetCents']],
      [{ category: 'juggler' }, ['category']],
      [{ details: 'peonies' }, ['details']],
      [{ details: { pieces: [] } }, ['details.pieces']],
      [{ details: { pieces: ['Giant robots'] } }, ['details.pieces.0']],
      [{ customer: { name: 'J', email } }, ['customer.name']],
      [{ customer: { name: 'Jordan', email: 'not-an-email' } }, ['customer.email']],
      [{ customer: { name: 'Jordan', email, phone: 'call me' } }, ['customer.phone']],
      [{ customer: 'Jordan' }, ['customer']],
      [{ vendorId: 'someone' }, ['vendorId']],
      [{ extra: true }, ['']],
    ];
    for (const [changes, paths] of cases) {
      const res = await post(await requestBody(changes, email));
      expect(errorPaths(expectProblem(res, 400, 'validation-failed')), JSON.stringify(changes)).toEqual(paths);
    }
    expectProblem(await post([]), 400, 'validation-failed');
    expectProblem(await agent(ctx).post('/api/public/quote-requests').set('Content-Type', 'application/json').send('{"category":'), 400, 'validation-failed');
    expect(await storedFor(email)).toEqual([]);
    expect(await outboxFor(ctx, email)).toEqual([]);
  });

  it('when several answers are wrong at once (a past date, an unknown place, a missing answer), then one 400 names them all', async () => {
    const email = uniqueEmail('couple');

    const res = await post(await requestBody({ eventDate: dayFromNow(ctx, -3), location: 'Nowhere, ZZ', details: { styles: ['Boho'] } }, email));

    const body = expectProblem(res, 400, 'validation-failed');
    expect(body.detail).toBe('Some answers need your attention.');
    expect(errorPaths(body)).toEqual(['eventDate', 'location', 'details.pieces']);
    expect(await storedFor(email)).toEqual([]);
  });

  it('when a request carries 100 KB of text, then 413 or 400 and nothing is stored; keys the request form does not ask are not stored', async () => {
    const email = uniqueEmail('couple');
    const details = await validDataFor(ctx, 'request-florist');

    expectProblem(await post(await requestBody({ details: { ...details, notes: 'x'.repeat(102_400) } }, email)), 413, 'payload-too-large');
    expect(errorPaths(expectProblem(await post(await requestBody({ details: { ...details, notes: 'x'.repeat(100_000) } }, email)), 400))).toEqual([
      'details.notes',
    ]);
    expect(errorPaths(expectProblem(await post(await requestBody({ customer: { name: 'x'.repeat(100_000), email } }, email)), 400))).toEqual(['customer.name']);
    expect(await storedFor(email)).toEqual([]);

    const res = await post(await requestBody({ details: { ...details, padding: 'z'.repeat(90_000) } }, email));

    expect(res.status).toBe(201);
    const [row] = await storedFor(email);
    expect(JSON.parse(row?.details ?? 'null')).toEqual(details);
  });

  it('when the customer opens their page, then they see the request and only the quotes sent (vendor name and profile link), which are marked seen', async () => {
    const city = freshCity(ctx);
    const quoting = await aVendor(ctx, { city });
    const quiet = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city, guests: 80, budgetCents: 300_000 });
    const quote = await matchOf(ctx, quoting, request.id);
    const potential = await matchOf(ctx, quiet, request.id);
    expect((await submitQuote(ctx, quoting, quote, { priceCents: 240000, message: 'Garden roses and peonies, set up on site.' })).status).toBe(200);
    const { business_name: name } = await ctx.database.db
      .selectFrom('vendors')
      .select('business_name')
      .where('id', '=', businessOf(quoting))
      .executeTakeFirstOrThrow();

    const res = await customerPage(ctx, token);

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: request.id,
      status: 'open',
      category: 'florist',
      eventDate: request.eventDate,
      location: city,
      guests: 80,
      budgetCents: 300_000,
      details: await validDataFor(ctx, 'request-florist'),
      customer: { name: 'Jordan Avery' },
      matching: false,
      matched: 2,
      quotes: [
        {
          id: quote.id,
          status: 'submitted',
          priceCents: 240000,
          message: 'Garden roses and peonies, set up on site.',
          details: expect.any(Object),
          vendor: { name, profilePath: publicProfilePath(businessOf(quoting), name) },
          vendorOpened: true,
          unread: 0,
          submittedAt: expect.any(Number),
        },
      ],
    });
    expect(Number((await storedQuote(ctx, quote.id)).customer_viewed_at)).toBeGreaterThan(0);
    expect((await storedQuote(ctx, potential.id)).customer_viewed_at).toBeNull();
  });

  it('when a link is tampered with, unknown or malformed, then every public route answers the same 404 and nothing changes', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city });
    const quote = await matchOf(ctx, florist, request.id);
    expect((await submitQuote(ctx, florist, quote)).status).toBe(200);
    const [id, signature = ''] = token.split('.');
    const tampered = [
      `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${id?.slice(0, -1)}${id?.endsWith('a') ? 'b' : 'a'}.${signature}`,
    ];
    const unknown = ctx.deps.links.sign('request', '00000000-0000-4000-8000-000000000000');
    const reference = await customerPage(ctx, unknown);
    expectProblem(reference, 404, 'not-found');

    for (const link of [...tampered, 'not-a-token', `${id}`, `${token}.x`]) {
      for (const res of [
        await customerPage(ctx, link),
        await agent(ctx).post(`/api/public/requests/${link}/confirm`),
        await agent(ctx).post(`/api/public/requests/${link}/withdraw`),
        await customerDecides(ctx, link, quote.id, 'accept'),
        await customerDecides(ctx, link, quote.id, 'reject'),
      ]) {
        expect(expectProblem(res, 404, 'not-found'), link).toEqual(reference.body);
      }
    }
    expect((await storedRequest(ctx, request.id)).status).toBe('open');
    expect(await storedQuote(ctx, quote.id)).toMatchObject({ status: 'submitted', customer_viewed_at: null });
  });

  it("when a quote is accepted or rejected through another request's link, or before it was quoted, then 404 and it stays as it was", async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const idle = await aVendor(ctx, { city });
    const mine = await aConfirmedRequest(ctx, { location: city });
    const other = await aConfirmedRequest(ctx, { location: city });
    const quote = await matchOf(ctx, florist, mine.request.id);
    const unquoted = await matchOf(ctx, idle, mine.request.id);
    expect((await submitQuote(ctx, florist, quote)).status).toBe(200);

    const cases = [
      await customerDecides(ctx, other.token, quote.id, 'accept'),
      await customerDecides(ctx, other.token, quote.id, 'reject'),
      await customerDecides(ctx, mine.token, unquoted.id, 'accept'),
      await customerDecides(ctx, mine.token, '00000000-0000-4000-8000-000000000000', 'accept'),
      await customerDecides(ctx, mine.token, 'not-a-uuid', 'accept'),
    ];

    for (const res of cases) expectProblem(res, 404, 'not-found');
    expect(await storedQuote(ctx, quote.id)).toMatchObject({ status: 'submitted' });
    expect(await storedQuote(ctx, unquoted.id)).toMatchObject({ status: 'potential' });
    expect((await storedRequest(ctx, mine.request.id)).status).toBe('open');
    expect((await storedRequest(ctx, other.request.id)).status).toBe('open');
    expect(((await customerPage(ctx, other.token)).body.data as CustomerRequestBody).quotes).toEqual([]);
  });

  it('when the request is withdrawn before it is confirmed, then it is withdrawn and a later confirm matches nobody', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { res, body } = await postRequest(ctx, { location: city });
    const token = await customerToken(ctx, body.customer.email);

    const withdrawn = await agent(ctx).post(`/api/public/requests/${token}/withdraw`);
    const confirmed = await agent(ctx).post(`/api/public/requests/${token}/confirm`);
    await ctx.jobs.runDue();

    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ id: res.body.data.id, status: 'withdrawn', matched: 0 });
    expect(confirmed.body.data).toMatchObject({ status: 'withdrawn', matching: false, matched: 0 });
    expect(await ctx.database.db.selectFrom('quotes').select('id').where('vendor_id', '=', businessOf(florist)).execute()).toEqual([]);
  });
});

describe.each(TEST_DATABASES)('the request limit per address on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 2 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when an address posts more requests than its hourly limit, then 429 rate-limited and the extra one is not stored', async () => {
    const email = uniqueEmail('couple');
    const send = () => postRequest(ctx, { customer: { name: 'Jordan Avery', email } });

    expect((await send()).res.status).toBe(201);
    expect((await send()).res.status).toBe(201);
    const third = await send();

    expectProblem(third.res, 429, 'rate-limited');
    expect(third.res.headers['retry-after']).toBeDefined();
    expect(await ctx.database.db.selectFrom('quote_requests').select('id').where('customer_email', '=', email).execute()).toHaveLength(2);
  });
});

describe.each(TEST_DATABASES)("a customer's link a year after the event on %s", (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const moveClock = async (days: number) => {
    const res = await agent(ctx).post('/dev/clock').send({ advanceDays: days });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('when 365 days have passed since the event, then the link still opens the request; the day after, every route answers the 404 of a bad link', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 30) });
    const quote = await matchOf(ctx, florist, request.id);
    const badLink = await customerPage(ctx, ctx.deps.links.sign('request', '00000000-0000-4000-8000-000000000000'));

    await moveClock(30 + 365);
    expect((await customerPage(ctx, token)).status).toBe(200);

    await moveClock(1);
    for (const res of [
      await customerPage(ctx, token),
      await agent(ctx).post(`/api/public/requests/${token}/confirm`),
      await agent(ctx).post(`/api/public/requests/${token}/withdraw`),
      await customerDecides(ctx, token, quote.id, 'accept'),
    ]) {
      expect(expectProblem(res, 404, 'not-found')).toEqual(badLink.body);
    }
  });
});
