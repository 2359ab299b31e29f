import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import supertest from 'supertest';
import { agent, expectProblem, uniqueEmail } from '../../support/api/http';
import { businessOf, freshCity, getQuote, matchOf, submitQuote, type QuoteBody, type Seller } from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * The quote lists' cache (server/quotes/quote-list-cache.ts): a page is served again only while
 * the business's quotes are unchanged, whichever path changed them, and never another business's.
 */
describe.each(TEST_DATABASES)('the cached quote lists on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const list = (seller: Seller, status = 'potential', etag?: string) => {
    const req = agent(ctx).get('/api/quotes').query({ status }).set('Authorization', `Bearer ${seller.accessToken}`);
    return etag ? req.set('If-None-Match', etag) : req;
  };

  const version = async (seller: Seller) =>
    Number(
      (await ctx.database.db.selectFrom('vendors').select('quotes_version').where('id', '=', businessOf(seller)).executeTakeFirstOrThrow()).quotes_version,
    );

  async function sellerWithMatch(): Promise<{ seller: Seller; match: QuoteBody; city: string }> {
    const city = freshCity(ctx);
    const seller = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, {
      location: city,
      eventDate: dayFromNow(ctx, 60),
      customer: { name: 'Rosa Lind', email: uniqueEmail('couple') },
    });
    return { seller, match: await matchOf(ctx, seller, request.id), city };
  }

  it('when a list is read twice with nothing changed, then the same page comes back and its entity tag answers 304', async () => {
    const { seller } = await sellerWithMatch();

    const first = await list(seller);
    const again = await list(seller, 'potential', first.headers.etag);

    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(again.status).toBe(304);
    expect((await list(seller)).body).toEqual(first.body);
  });

  it('when the vendor opens a match, then the list shows it opened at once', async () => {
    const { seller, match } = await sellerWithMatch();
    const before = await list(seller);
    expect(before.body.data[0]).toMatchObject({ id: match.id, opened: false });

    await getQuote(ctx, seller, match.id);
    const after = await list(seller, 'potential', before.headers.etag);

    expect(after.status).toBe(200);
    expect(after.body.data[0]).toMatchObject({ id: match.id, opened: true });
  });

  it('when the vendor quotes, then the match leaves potential and shows in submitted', async () => {
    const { seller, match } = await sellerWithMatch();
    expect((await list(seller, 'submitted')).body.data).toEqual([]);

    expect((await submitQuote(ctx, seller, match)).status).toBe(200);

    expect((await list(seller)).body.data).toEqual([]);
    expect((await list(seller, 'submitted')).body.data.map((q: QuoteBody) => q.id)).toEqual([match.id]);
  });

  it('when a quote changes outside the use cases (a job, a later module, an operator), then the database bumps the version and the list shows the change', async () => {
    const { seller, match } = await sellerWithMatch();
    await list(seller);
    const was = await version(seller);

    await ctx.database.db.updateTable('quotes').set({ status: 'closed', closed_reason: 'expired' }).where('id', '=', match.id).execute();

    expect(await version(seller)).toBe(was + 1);
    expect((await list(seller)).body.data).toEqual([]);
    expect((await list(seller, 'closed')).body.data[0]).toMatchObject({ id: match.id, closedReason: 'expired' });
  });

  it("when one business's quotes change, then another's version and cached page stay", async () => {
    const { seller: one, match } = await sellerWithMatch();
    const { seller: other } = await sellerWithMatch();
    const page = await list(other);
    const was = await version(other);

    await getQuote(ctx, one, match.id);

    expect(await version(other)).toBe(was);
    expect((await list(other, 'potential', page.headers.etag)).status).toBe(304);
  });

  it("when a business asks with a quote list of another's in its cache, then it only ever gets its own", async () => {
    const city = freshCity(ctx);
    const [one, two] = [await aVendor(ctx, { city }), await aVendor(ctx, { city })];
    await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 70), customer: { name: 'Shared Couple', email: uniqueEmail('couple') } });

    const [ones, twos] = [(await list(one)).body.data as QuoteBody[], (await list(two)).body.data as QuoteBody[]];

    expect(ones).toHaveLength(1);
    expect(twos).toHaveLength(1);
    expect(ones[0]?.id).not.toBe(twos[0]?.id);
  });

  describe('before Express', () => {
    it("when a page is served before Express, then its body and headers are Express's own route's", async () => {
      const { seller } = await sellerWithMatch();
      const fast = await list(seller);
      const routed = await supertest(ctx.app.express).get('/api/quotes').query({ status: 'potential' }).set('Authorization', `Bearer ${seller.accessToken}`);

      expect(fast.status).toBe(200);
      expect(fast.body).toEqual(routed.body);
      const same = [
        'content-security-policy',
        'x-content-type-options',
        'cross-origin-resource-policy',
        'strict-transport-security',
        'x-frame-options',
        'referrer-policy',
        'cache-control',
        'etag',
      ];
      for (const name of same) expect([name, fast.headers[name]]).toEqual([name, routed.headers[name]]);
      expect(fast.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('when anything is off (no token, a bad token, a bad or repeated query, a tampered cursor), then Express answers its problem', async () => {
      const { seller } = await sellerWithMatch();
      const bearer = `Bearer ${seller.accessToken}`;

      expectProblem(await agent(ctx).get('/api/quotes').query({ status: 'potential' }), 401, 'unauthorized');
      expectProblem(await agent(ctx).get('/api/quotes').query({ status: 'potential' }).set('Authorization', `${bearer}x`), 401, 'unauthorized');
      expectProblem(await agent(ctx).get('/api/quotes').query({ status: 'maybe' }).set('Authorization', bearer), 400, 'validation-failed');
      expectProblem(await agent(ctx).get('/api/quotes?status=potential&status=closed').set('Authorization', bearer), 400, 'validation-failed');
      expectProblem(await agent(ctx).get('/api/quotes').query({ status: 'potential', cursor: 'not-a-cursor' }).set('Authorization', bearer), 400);
    });
  });
});
