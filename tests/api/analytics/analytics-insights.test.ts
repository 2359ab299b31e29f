import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, completenessSchema, type Analytics, type Completeness } from '../../../shared/contracts/analytics';
import { countVisit } from '../../../server/public';
import { insertLeadCredits, insertQuotes, type FixtureQuote } from '../../support/analytics-fixture';
import { aVendor } from '../../support/api/builders';
import { DAY_MS } from '../../support/api/clock';
import { validDataFor } from '../../support/api/forms';
import { agent, expectProblem } from '../../support/api/http';
import { businessOf, freshCity, saveForm, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { makePng } from '../profile/support';

const MINUTE = 60_000;

/**
 * The dashboard's analytics beyond the counts (docs/marketplace.md, Analytics): visits, cost per
 * booking at the credit's dollar value, leads by category, "How you compare", "What to do next",
 * and the profile's completeness, over fixtures of known quotes written into the tables.
 */
describe.each(TEST_DATABASES)('analytics insights on %s', (kind) => {
  let ctx: TestContext;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'analytics-uploads-'));
    ctx = await createTestContext({ database: kind, uploadsDir });
  });

  afterAll(async () => {
    await ctx?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  async function analyticsOf(seller: Seller, days: number, query: Record<string, string> = {}): Promise<Analytics> {
    const res = await agent(ctx)
      .get('/api/analytics')
      .query({ days, ...query })
      .set('Authorization', `Bearer ${seller.accessToken}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return analyticsSchema.parse((res.body as { data: unknown }).data);
  }

  async function completenessOf(seller: Seller): Promise<Completeness> {
    const res = await agent(ctx).get('/api/profile/completeness').set('Authorization', `Bearer ${seller.accessToken}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return completenessSchema.parse((res.body as { data: unknown }).data);
  }

  /** A florist alone in a city of its own, with `quotes` written into the tables. */
  async function aFloristWith(quotes: (now: number) => FixtureQuote[], city = freshCity(ctx)) {
    const seller = await aVendor(ctx, { city });
    const now = ctx.clock.now();
    const ids = await insertQuotes(ctx.database.db, businessOf(seller), quotes(now));
    return { seller, ids, now };
  }

  it('when a business has a fixture of known quotes, visits and credits, then every figure equals the hand-computed one, for 30 and 365 days', async () => {
    const { seller, ids, now } = await aFloristWith((t) => [
      // 0: answered in 20 minutes, quoted, booked nine days ago.
      {
        status: 'accepted',
        createdAt: t - 10 * DAY_MS,
        firstResponseAt: t - 10 * DAY_MS + 20 * MINUTE,
        submittedAt: t - 10 * DAY_MS + 20 * MINUTE,
        priceCents: 150_000,
        acceptedAt: t - 9 * DAY_MS,
      },
      // 1: answered in 40 minutes, quoted, waiting for the couple.
      {
        status: 'submitted',
        createdAt: t - 8 * DAY_MS,
        firstResponseAt: t - 8 * DAY_MS + 40 * MINUTE,
        submittedAt: t - 8 * DAY_MS + 40 * MINUTE,
        priceCents: 80_000,
      },
      // 2: declined after an hour.
      { status: 'closed', createdAt: t - 5 * DAY_MS, firstResponseAt: t - 5 * DAY_MS + 60 * MINUTE },
      // 3: unanswered.
      { status: 'potential', createdAt: t - 2 * DAY_MS },
      // 4: 40 days ago: outside 30 days, inside 365: answered in 5 minutes, booked.
      {
        status: 'accepted',
        createdAt: t - 40 * DAY_MS,
        firstResponseAt: t - 40 * DAY_MS + 5 * MINUTE,
        submittedAt: t - 40 * DAY_MS + 5 * MINUTE,
        priceCents: 99_900,
        acceptedAt: t - 39 * DAY_MS,
      },
      // 5: a bakery lead (a category the business does not offer now), unanswered.
      { categoryId: 'bakery', status: 'potential', createdAt: t - 3 * DAY_MS },
    ]);
    const vendorId = businessOf(seller);
    const db = ctx.database.db;
    await insertLeadCredits(db, vendorId, [ids[0] as string, ids[1] as string], now - 9 * DAY_MS);
    await insertLeadCredits(db, vendorId, [ids[4] as string], now - 39 * DAY_MS);
    for (const _ of [1, 2, 3]) await countVisit(db, vendorId, 'view', now);
    await countVisit(db, vendorId, 'quote-click', now - DAY_MS);
    await countVisit(db, vendorId, 'view', now - 40 * DAY_MS);

    const month = await analyticsOf(seller, 30);
    expect(month).toMatchObject({
      leads: 5,
      quotesSent: 2,
      bookings: 1,
      responseRate: 3 / 5,
      medianResponseMinutes: 40,
      winRate: 1 / 2,
      revenueWonCents: 150_000,
      creditsSpent: 2,
      creditsPerBooking: 2,
      // The smallest pack: 10 credits for $25.00, so a credit is worth 250 cents.
      creditValueCents: 250,
      costPerBookingCents: 500,
      profileViews: 3,
      quoteClicks: 1,
      peers: null,
    });
    expect(month.leadsByCategory).toEqual([
      { categoryId: 'florist', label: 'Florist', leads: 4, bookings: 1 },
      { categoryId: 'bakery', label: 'Bakery', leads: 1, bookings: 0 },
    ]);

    const year = await analyticsOf(seller, 365);
    expect(year).toMatchObject({
      leads: 6,
      quotesSent: 3,
      bookings: 2,
      responseRate: 4 / 6,
      medianResponseMinutes: 30,
      winRate: 2 / 3,
      revenueWonCents: 249_900,
      creditsSpent: 3,
      creditsPerBooking: 1.5,
      costPerBookingCents: 375,
      profileViews: 4,
      quoteClicks: 1,
    });
    expect(year.leadsByCategory[0]).toEqual({ categoryId: 'florist', label: 'Florist', leads: 5, bookings: 2 });
  });

  it('when another business reads analytics, then none of this business’s figures show, whatever it puts in the query', async () => {
    const { seller } = await aFloristWith((t) => [{ status: 'potential', createdAt: t - DAY_MS }]);
    await countVisit(ctx.database.db, businessOf(seller), 'view', ctx.clock.now());
    const other = await aVendor(ctx, { city: freshCity(ctx) });
    const data = await analyticsOf(other, 30, { vendorId: businessOf(seller) });
    expect(data).toMatchObject({ leads: 0, profileViews: 0, quoteClicks: 0, costPerBookingCents: null });
    expect(data.hints.find((hint) => hint.id === 'unanswered-matches')).toBeUndefined();
    expect((await analyticsOf(seller, 30)).leads).toBe(1);
    expectProblem(await agent(ctx).get('/api/profile/completeness'), 401);
  });

  it('when fewer than 5 businesses of the category are within 50 miles, then peers is null; at 5, each percentile is the share of peers beaten, and no peer is named', async () => {
    const city = freshCity(ctx);
    // The business: medians of 30 minutes, wins 1 of 2 quotes.
    const { seller } = await aFloristWith(
      (t) => [
        {
          status: 'accepted',
          createdAt: t - 5 * DAY_MS,
          firstResponseAt: t - 5 * DAY_MS + 20 * MINUTE,
          submittedAt: t - 5 * DAY_MS + 20 * MINUTE,
          priceCents: 1000,
        },
        {
          status: 'submitted',
          createdAt: t - 4 * DAY_MS,
          firstResponseAt: t - 4 * DAY_MS + 40 * MINUTE,
          submittedAt: t - 4 * DAY_MS + 40 * MINUTE,
          priceCents: 1000,
        },
      ],
      city,
    );
    /** A peer answering its one lead after `minutes` (null: never), winning its quote or not (undefined: no quote). */
    const peer = (minutes: number | null, won?: boolean) =>
      aFloristWith(
        (t) => [
          {
            status: won === undefined ? (minutes === null ? 'potential' : 'closed') : won ? 'accepted' : 'submitted',
            createdAt: t - 3 * DAY_MS,
            firstResponseAt: minutes === null ? null : t - 3 * DAY_MS + minutes * MINUTE,
            submittedAt: won === undefined ? null : t - 3 * DAY_MS + (minutes ?? 0) * MINUTE,
            priceCents: won === undefined ? null : 1000,
          },
        ],
        city,
      );
    // Another category in the same city is no peer.
    await aVendor(ctx, { city, category: 'bakery' });
    await peer(10, true);
    await peer(60, false);
    await peer(90);
    await peer(120, false);
    expect((await analyticsOf(seller, 30)).peers).toBeNull();

    await peer(null);
    const data = await analyticsOf(seller, 30);
    // Faster than 60, 90, 120 and the one that never answered: 4 of 5. Wins more than the two at 0 and the two without quotes: 4 of 5.
    expect(data.peers).toEqual({ peers: 5, responseTimePercentile: 0.8, winRatePercentile: 0.8 });
    expect(JSON.stringify(data.peers)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('when a business sets up its profile step by step, then completeness and the hints follow, each with its link, up to 100', async () => {
    const { seller } = await aFloristWith((t) => [{ status: 'potential', createdAt: t - DAY_MS }]);
    const auth = { Authorization: `Bearer ${seller.accessToken}` };
    await saveForm(ctx, seller, 'edit-profile', { ...(await validDataFor(ctx, 'edit-profile')), about: '' });

    const fresh = await completenessOf(seller);
    expect(fresh.items.map((item) => [item.id, item.done, item.path])).toEqual([
      ['logo', false, '/edit-profile'],
      ['photos', false, '/edit-profile'],
      ['about', false, '/edit-profile'],
      ['settings-florist', false, '/update-florist-settings'],
      ['auto-response-florist', false, '/auto-response/florist'],
    ]);
    expect(fresh.score).toBe(0);
    const hints = (await analyticsOf(seller, 30)).hints;
    expect(hints.map((hint) => [hint.id, hint.path])).toEqual([
      ['unanswered-matches', '/potential-matches'],
      ['settings-florist', '/update-florist-settings'],
      ['profile', '/edit-profile'],
      ['auto-response-florist', '/auto-response/florist'],
    ]);
    expect(hints[0]?.text).toContain('1 potential match');
    expect(hints[2]?.text).toBe('Add a logo, 5 more photos and an about text to your profile: complete profiles get more requests.');

    expect(
      (
        await agent(ctx)
          .post('/api/profile/logo')
          .set(auth)
          .attach('file', await makePng(), 'logo.png')
      ).status,
    ).toBeLessThan(300);
    for (let index = 0; index < 4; index += 1) {
      expect(
        (
          await agent(ctx)
            .post('/api/profile/gallery')
            .set(auth)
            .attach('file', await makePng(), 'photo.png')
        ).status,
      ).toBeLessThan(300);
    }
    await saveForm(ctx, seller, 'edit-profile', { ...(await validDataFor(ctx, 'edit-profile')), about: 'Garden roses, all year.' });
    const partly = await completenessOf(seller);
    expect(partly.items.filter((item) => item.done).map((item) => item.id)).toEqual(['logo', 'about']);
    expect(partly.score).toBe(40);
    expect((await analyticsOf(seller, 30)).hints.find((hint) => hint.id === 'profile')?.text).toBe(
      'Add 1 more photo to your profile: complete profiles get more requests.',
    );

    expect(
      (
        await agent(ctx)
          .post('/api/profile/gallery')
          .set(auth)
          .attach('file', await makePng(), 'photo.png')
      ).status,
    ).toBeLessThan(300);
    await saveForm(ctx, seller, 'update-florist-settings', await validDataFor(ctx, 'update-florist-settings'));
    await saveForm(ctx, seller, 'auto-response-florist', { enabled: true, message: 'Thank you, {customer_name}!' });
    const done = await completenessOf(seller);
    expect(done.score).toBe(100);
    expect(done.items.every((item) => item.done)).toBe(true);
    expect((await analyticsOf(seller, 30)).hints.map((hint) => hint.id)).toEqual(['unanswered-matches']);
  });
});
