import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aVendor } from '../../support/api/builders';
import { agent, errorPaths, expectProblem } from '../../support/api/http';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { directory } from './support';

const coverage = (ctx: TestContext, query: Record<string, string>) => agent(ctx).get('/api/public/coverage').query(query);

/**
 * How many businesses serve a category at a place (docs/marketplace.md: Public profile and directory), for the
 * request form to say before the couple sends it: the directory's total.
 */
describe.each(TEST_DATABASES)('coverage on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when businesses cover the place, then the count equals the directory’s total and names the place as the gazetteer writes it', async () => {
    await aVendor(ctx, { category: 'music', businessName: 'Tulsa Strings', city: 'Tulsa, OK' });
    await aVendor(ctx, { category: 'music', businessName: 'Broken Arrow Band', city: 'Broken Arrow, OK' });
    await aVendor(ctx, { category: 'music', businessName: 'Far Away DJ', city: 'Dallas, TX' });

    const res = await coverage(ctx, { category: 'music', place: 'tulsa, ok' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toEqual({ data: { vendors: 2, place: 'Tulsa, OK' } });
    expect((await directory(ctx, { category: 'music', place: 'Tulsa, OK' })).total).toBe(2);
  });

  it('when nobody covers the place, then the count is 0, not an error', async () => {
    const res = await coverage(ctx, { category: 'music', place: '99501' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.vendors).toBe(0);
    expect(res.body.data.place).toMatch(/^Anchorage, AK/);
  });

  it('when the category or place is unknown or a parameter is extra, then it is a 400 naming it', async () => {
    expect(errorPaths(expectProblem(await coverage(ctx, { category: 'nope', place: 'Tulsa, OK' }), 400, 'validation-failed'))).toEqual(['category']);
    expect(errorPaths(expectProblem(await coverage(ctx, { category: 'music', place: 'Nowhere, QQ' }), 400, 'validation-failed'))).toEqual(['place']);
    expect(errorPaths(expectProblem(await coverage(ctx, { category: 'music' }), 400, 'validation-failed'))).toEqual(['place']);
    expectProblem(await coverage(ctx, { category: 'music', place: 'Tulsa, OK', sort: 'rating' }), 400, 'validation-failed');
  });
});
