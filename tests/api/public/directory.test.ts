import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_PAGE_SIZE, type DirectoryVendor } from '../../../shared/contracts/public-vendors';
import { aVendor } from '../../support/api/builders';
import { expectProblem, errorPaths } from '../../support/api/http';
import { businessOf, saveForm, type Seller } from '../../support/api/marketplace';
import { validDataFor } from '../../support/api/forms';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { aStoredReview, answeredLeads, directory, directoryRes } from './support';

const names = (data: DirectoryVendor[]) => data.map((vendor) => vendor.name);

/**
 * The directory (docs/marketplace.md: Public profile and directory): the businesses of a category whose service
 * area covers a place, in good standing, sorted by rating, response time or distance, paged.
 */
describe.each(TEST_DATABASES)('vendor directory on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      database: kind,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const officiant = (name: string, city: string, radius: number) =>
    aVendor(ctx, { category: 'officiant', businessName: name, city, onboarding: { service_radius_miles: radius } });

  it('when a couple searches a category and place, then the businesses whose radius covers it are listed, in good standing only', async () => {
    const inTown = await officiant('Mile High Vows', 'Denver, CO', 50);
    await officiant('Boulder Short Trips', 'Boulder, CO', 10);
    const boulderFar = await officiant('Boulder Wide Trips', 'Boulder, CO', 50);
    await officiant('Springs Ceremonies', 'Colorado Springs, CO', 50);
    const lapsed = await officiant('Lapsed Officiants', 'Denver, CO', 50);
    await ctx.database.db.updateTable('vendors').set({ payment_status: 'payment_failed' }).where('id', '=', businessOf(lapsed)).execute();
    await aVendor(ctx, { category: 'florist', businessName: 'Denver Florals', city: 'Denver, CO' });

    const res = await directoryRes(ctx, { category: 'officiant', place: 'denver, co', sort: 'distance' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const page = res.body;
    expect(page).toMatchObject({ total: 2, nextCursor: null, category: { id: 'officiant', label: expect.any(String) }, place: 'Denver, CO' });
    expect(names(page.data)).toEqual(['Mile High Vows', 'Boulder Wide Trips']);
    const [first, second] = page.data as DirectoryVendor[];
    expect(first).toMatchObject({
      vendorId: businessOf(inTown),
      city: 'Denver, CO',
      image: null,
      rating: { average: null, count: 0 },
      responseHours: null,
      requestPath: `/request-quotes?category=officiant&vendor=${businessOf(inTown)}`,
    });
    expect(first?.profilePath).toBe(`/vendor-profile/${businessOf(inTown)}/mile-high-vows`);
    expect(first?.distanceMiles).toBeLessThan(5);
    expect(second?.vendorId).toBe(businessOf(boulderFar));
    expect(second?.distanceMiles).toBeGreaterThan(15);
    expect(second?.distanceMiles).toBeLessThan(35);
  });

  it('when a business saved its settings, then its card carries the category’s highlights', async () => {
    const printer = await aVendor(ctx, { category: 'printing', businessName: 'Letterpress Lane', city: 'Spokane, WA' });
    const settings = await validDataFor(ctx, 'update-printing-settings');
    await saveForm(ctx, printer, 'update-printing-settings', {
      ...settings,
      price_per_invitation: 6.25,
      products: ['Invitations', 'Menus'],
      samples_available: true,
    });
    const page = await directory(ctx, { category: 'printing', place: 'Spokane, WA' });
    expect(page.data[0]?.highlights).toEqual(expect.arrayContaining(['Invitation suites from $6.25', 'Prints: Invitations, Menus', 'Samples available']));
    expect(page.data[0]?.highlights[0]).toBe('Invitation suites from $6.25');
  });

  it('when businesses have a logo or photos, then the card shows the logo, else the first photo’s thumbnail, else none', async () => {
    const make = (name: string) => aVendor(ctx, { category: 'bakery', businessName: name, city: 'Fargo, ND' });
    const withLogo = await make('Logo Bakes');
    const withPhotos = await make('Photo Bakes');
    await make('Plain Bakes');
    const now = ctx.clock.now();
    await ctx.database.db
      .insertInto('profiles')
      .values({ vendor_id: businessOf(withLogo), logo_file: 'logo-a.webp', logo_width: 512, logo_height: 256, updated_at: now })
      .execute();
    const photo = (id: string, position: number) => ({
      id,
      vendor_id: businessOf(withPhotos),
      file: `${id}.webp`,
      thumb_file: `${id}-thumb.webp`,
      width: 1600,
      height: 1200,
      position,
      created_at: now,
    });
    await ctx.database.db
      .insertInto('profile_photos')
      .values([photo('second', 1), photo('first', 0), photo('third', 2)])
      .execute();

    const page = await directory(ctx, { category: 'bakery', place: 'Fargo, ND' });
    const imageOf = (name: string) => page.data.find((vendor) => vendor.name === name)?.image;
    expect(imageOf('Logo Bakes')).toEqual({ url: '/api/media/logo-a.webp', width: 512, height: 256 });
    expect(imageOf('Photo Bakes')).toEqual({ url: '/api/media/first-thumb.webp', width: 400, height: 400 });
    expect(imageOf('Plain Bakes')).toBeNull();
  });

  it('when sorted by rating, response time or distance, then the order follows it, unknowns last and ties by name', async () => {
    const make = (name: string, city: string): Promise<Seller> => aVendor(ctx, { category: 'rentals', businessName: name, city });
    const alpha = await make('Alpha Rentals', 'Boise, ID');
    const bravo = await make('Bravo Rentals', 'Nampa, ID');
    const charlie = await make('Charlie Rentals', 'Meridian, ID');
    await make('Delta Rentals', 'Caldwell, ID');
    // Alpha: 5.0 from one review, answers in 2 hours; Bravo: 4.5 from two, answers in 1 hour; Charlie: 5.0 from two, never answers; Delta: nothing.
    const alphaLeads = await answeredLeads(ctx, alpha, 5, 2, 'rentals');
    await aStoredReview(ctx, alpha, { rating: 5, quoteId: alphaLeads[0] });
    const bravoLeads = await answeredLeads(ctx, bravo, 5, 1, 'rentals');
    await aStoredReview(ctx, bravo, { rating: 5, quoteId: bravoLeads[0] });
    await aStoredReview(ctx, bravo, { rating: 4, quoteId: bravoLeads[1] });
    await aStoredReview(ctx, charlie, { rating: 5, category: 'rentals' });
    await aStoredReview(ctx, charlie, { rating: 5, category: 'rentals' });

    const byRating = await directory(ctx, { category: 'rentals', place: 'Boise, ID' });
    expect(names(byRating.data)).toEqual(['Charlie Rentals', 'Alpha Rentals', 'Bravo Rentals', 'Delta Rentals']);
    expect(byRating.data.map((v) => v.rating)).toEqual([
      { average: 5, count: 2 },
      { average: 5, count: 1 },
      { average: 4.5, count: 2 },
      { average: null, count: 0 },
    ]);
    const byResponse = await directory(ctx, { category: 'rentals', place: 'Boise, ID', sort: 'response' });
    expect(names(byResponse.data)).toEqual(['Bravo Rentals', 'Alpha Rentals', 'Charlie Rentals', 'Delta Rentals']);
    expect(byResponse.data.map((v) => v.responseHours)).toEqual([1, 2, null, null]);
    const byDistance = await directory(ctx, { category: 'rentals', place: 'Boise, ID', sort: 'distance' });
    expect(names(byDistance.data)).toEqual(['Alpha Rentals', 'Charlie Rentals', 'Bravo Rentals', 'Delta Rentals']);
    const miles = byDistance.data.map((v) => v.distanceMiles);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
  });

  it('when more businesses serve a place than fit a page, then the cursor pages through all of them once', async () => {
    const count = DIRECTORY_PAGE_SIZE + 3;
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(businessOf(await aVendor(ctx, { category: 'transportation', businessName: `Ride ${String(i).padStart(2, '0')}`, city: 'Omaha, NE' })));
    }
    const first = await directory(ctx, { category: 'transportation', place: 'Omaha, NE' });
    expect(first.total).toBe(count);
    expect(first.data).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await directory(ctx, { category: 'transportation', place: 'Omaha, NE', cursor: first.nextCursor ?? '' });
    expect(second.data).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.data, ...second.data].map((v) => v.vendorId);
    expect(new Set(seen).size).toBe(count);
    expect([...seen].sort()).toEqual([...ids].sort());
    // Ties (no ratings at all) go by name.
    expect(names([...first.data, ...second.data])).toEqual(Array.from({ length: count }, (_, i) => `Ride ${String(i).padStart(2, '0')}`));

    const otherList = await directoryRes(ctx, { category: 'transportation', place: 'Omaha, NE', sort: 'distance', cursor: first.nextCursor ?? '' });
    expect(errorPaths(expectProblem(otherList, 400, 'validation-failed'))).toEqual(['cursor']);
    const forged = await directoryRes(ctx, { category: 'transportation', place: 'Omaha, NE', cursor: '20_x.forged' });
    expect(errorPaths(expectProblem(forged, 400, 'validation-failed'))).toEqual(['cursor']);
  });

  it('when the query is not valid, then it is a 400 naming the field, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ category: 'dragon-tamers', place: 'Austin, TX' }, 'category'],
      [{ category: 'florist', place: 'Atlantis, ZZ' }, 'place'],
      [{ category: 'florist', place: '99999' }, 'place'],
      [{ category: 'florist', place: 'A' }, 'place'],
      [{ category: 'florist' }, 'place'],
      [{ category: 'florist', place: 'Austin, TX', sort: 'price' }, 'sort'],
      [{ category: '<script>', place: 'Austin, TX' }, 'category'],
    ];
    for (const [query, path] of cases) {
      const res = await directoryRes(ctx, query);
      expect(errorPaths(expectProblem(res, 400, 'validation-failed')), JSON.stringify(query)).toContain(path);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expectProblem(await directoryRes(ctx, { category: 'florist', place: 'Austin, TX', page: '2' }), 400, 'validation-failed');
  });
});
