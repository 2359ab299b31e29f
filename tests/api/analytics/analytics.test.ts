import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, type Analytics } from '../../../shared/contracts/analytics';
import { aBookedQuote, aConfirmedRequest, aQuotedQuote, aVendor } from '../../support/api/builders';
import { advanceDays, advanceMinutes, DAY_MS } from '../../support/api/clock';
import { agent, expectProblem, errorPaths } from '../../support/api/http';
import {
  businessOf,
  customerDecides,
  declineQuote,
  freshCity,
  matchOf,
  signInAgain,
  storedQuote,
  submitQuote,
  type Seller,
} from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

/** `YYYY-MM` of an epoch-ms time (UTC). */
const monthOf = (time: number) => new Date(time).toISOString().slice(0, 7);

/** How many calendar months (UTC) the last `days` days up to `now` overlap. */
function monthsOverlapped(now: number, days: number): number {
  const from = new Date(now - days * DAY_MS);
  const to = new Date(now);
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
}

/**
 * The dashboard's analytics (docs/marketplace.md, Analytics): leads, quotes, bookings, rates,
 * revenue and credits over the last 30, 90 or 365 days of the server clock, per month too, and the
 * CSV export of the period's quotes.
 */
describe.each(TEST_DATABASES)('analytics on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      database: kind,
      // The clock moves by minutes and days here: tokens outlive minutes (a session still ends after days).
      accessTtlSeconds: 2 * 86_400,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function analyticsOf(seller: Seller, days?: number): Promise<Analytics> {
    const res = await agent(ctx)
      .get('/api/analytics')
      .query(days === undefined ? {} : { days })
      .set('Authorization', `Bearer ${seller.accessToken}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return analyticsSchema.parse((res.body as { data: unknown }).data);
  }

  function csvOf(seller: Seller, days: number) {
    return agent(ctx).get('/api/analytics/quotes.csv').query({ days }).set('Authorization', `Bearer ${seller.accessToken}`);
  }

  /** A lead sent to `seller` alone: its potential match and the couple's link. */
  async function aLead(seller: Seller) {
    const { request, token } = await aConfirmedRequest(ctx, { location: freshCity(ctx), vendorId: businessOf(seller) });
    return { match: await matchOf(ctx, seller, request.id), token };
  }

  it('when a business has had no leads, then every count is zero, every rate null and each month of the period is there with zeros', async () => {
    const seller = await aVendor(ctx);
    for (const days of [30, 90, 365]) {
      const data = await analyticsOf(seller, days);
      expect(data).toMatchObject({
        leads: 0,
        quotesSent: 0,
        responseRate: null,
        medianResponseMinutes: null,
        winRate: null,
        revenueWonCents: 0,
        creditsSpent: 0,
        creditsPerBooking: null,
        bookings: 0,
      });
      expect(data.byMonth).toHaveLength(monthsOverlapped(ctx.clock.now(), days));
      expect(data.byMonth.at(-1)?.month).toBe(monthOf(ctx.clock.now()));
      expect(data.byMonth[0]?.month).toBe(monthOf(ctx.clock.now() - days * DAY_MS));
      expect(data.byMonth.every((month) => month.leads === 0 && month.quotesSent === 0 && month.bookings === 0)).toBe(true);
      const keys = data.byMonth.map((month) => month.month);
      expect([...keys].sort()).toEqual(keys);
    }
    expect((await analyticsOf(seller)).byMonth).toHaveLength(monthsOverlapped(ctx.clock.now(), 30));
  });

  it('when a business quoted, declined, was booked and refunded, then the figures are exactly those, and another business counts none of it', async () => {
    const seller = await aVendor(ctx);
    const other = await aVendor(ctx);
    await aBookedQuote(ctx, other, { location: freshCity(ctx) });
    const [booked, unopened, declined] = [await aLead(seller), await aLead(seller), await aLead(seller)];
    await aLead(seller);
    const leadsAt = ctx.clock.now();

    await advanceMinutes(ctx, 10);
    expect((await submitQuote(ctx, seller, booked.match, { priceCents: 123_456 })).status).toBe(200);
    await advanceMinutes(ctx, 20);
    expect((await submitQuote(ctx, seller, unopened.match)).status).toBe(200);
    expect((await declineQuote(ctx, seller, declined.match.id)).status).toBe(200);
    expect((await customerDecides(ctx, booked.token, booked.match.id, 'accept')).status).toBe(200);
    const answeredAt = ctx.clock.now();
    // The couple never opens the second quote: its credits come back after 48 hours.
    await advanceDays(ctx, 3);
    await signInAgain(ctx, seller);
    await signInAgain(ctx, other);
    expect(Boolean((await storedQuote(ctx, unopened.match.id)).refunded)).toBe(true);
    expect(Boolean((await storedQuote(ctx, booked.match.id)).refunded)).toBe(false);

    const leadCost = booked.match.leadCost;
    const data = await analyticsOf(seller, 30);
    expect(data).toMatchObject({
      leads: 4,
      quotesSent: 2,
      bookings: 1,
      responseRate: 0.75,
      medianResponseMinutes: 30,
      winRate: 0.5,
      revenueWonCents: 123_456,
      creditsSpent: leadCost,
      creditsPerBooking: leadCost,
    });
    const month = (time: number) => data.byMonth.find((entry) => entry.month === monthOf(time));
    expect(month(leadsAt)?.leads).toBe(4);
    expect(month(answeredAt)?.quotesSent).toBe(2);
    expect(month(answeredAt)?.bookings).toBe(1);
    const total = (key: 'leads' | 'quotesSent' | 'bookings') => data.byMonth.reduce((sum, entry) => sum + entry[key], 0);
    expect([total('leads'), total('quotesSent'), total('bookings')]).toEqual([4, 2, 1]);

    expect(await analyticsOf(other, 30)).toMatchObject({ leads: 1, quotesSent: 1, bookings: 1, revenueWonCents: 185_000 });
  });

  it('when the clock moves on, then the period moves with it: a booking 100 days ago counts for 365 days but not for 90', async () => {
    const seller = await aVendor(ctx);
    await aBookedQuote(ctx, seller, { location: freshCity(ctx) });
    await advanceDays(ctx, 100);
    await signInAgain(ctx, seller);
    expect(await analyticsOf(seller, 365)).toMatchObject({ leads: 1, quotesSent: 1, bookings: 1, winRate: 1 });
    expect(await analyticsOf(seller, 90)).toMatchObject({ leads: 0, quotesSent: 0, bookings: 0, winRate: null, revenueWonCents: 0 });
  });

  it('when days is not 30, 90 or 365, then 400 names days; without a token, 401', async () => {
    const seller = await aVendor(ctx);
    for (const days of ['7', 'abc', '']) {
      for (const path of ['/api/analytics', '/api/analytics/quotes.csv']) {
        const res = await agent(ctx).get(path).query({ days }).set('Authorization', `Bearer ${seller.accessToken}`);
        expect(errorPaths(expectProblem(res, 400))).toEqual(['days']);
      }
    }
    expectProblem(await agent(ctx).get('/api/analytics'), 401);
    expectProblem(await agent(ctx).get('/api/analytics/quotes.csv'), 401);
  });

  it('when the quotes are exported, then a CSV attachment has the header and a row per lead of the period, the business’s own only', async () => {
    const seller = await aVendor(ctx);
    const other = await aVendor(ctx);
    await aQuotedQuote(ctx, other, { location: freshCity(ctx) });
    const quoted = await aQuotedQuote(ctx, seller, { location: freshCity(ctx), quote: { priceCents: 99_950 } });
    const waiting = await aLead(seller);

    const res = await csvOf(seller, 90);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="quotes-90d.csv"');
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('id,created,category,event date,status,submitted,price,first response minutes,credits spent');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    expect(rows.map((row) => row[0])).toEqual([quoted.quote.id, waiting.match.id]);
    const [sent, potential] = rows;
    expect(sent).toEqual([
      quoted.quote.id,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      'florist',
      quoted.request.eventDate,
      'submitted',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      '999.50',
      '0',
      String(quoted.quote.leadCost),
    ]);
    expect(potential?.slice(4)).toEqual(['potential', '', '', '', '0']);

    const later = await csvOf(seller, 30);
    expect(later.headers['content-disposition']).toBe('attachment; filename="quotes-30d.csv"');
  });
});
