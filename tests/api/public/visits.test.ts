import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitTotals } from '../../../server/public';
import { aVendor } from '../../support/api/builders';
import { agent, errorPaths, expectProblem, registerVendor } from '../../support/api/http';
import { businessOf, freshCity } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const visit = (ctx: TestContext, adminId: string, body: unknown) =>
  agent(ctx)
    .post(`/api/public/vendors/${adminId}/visits`)
    .send(body as object);

/**
 * Profile views and clicks on "Request a quote" (docs/marketplace.md: Public profile and directory): counted per
 * business and day for its analytics, limited per address, with no address stored.
 */
describe.each(TEST_DATABASES)('profile visits on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, profileVisitsPerIp: 1_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a couple views a profile and clicks "Request a quote", then each is counted for the business and the day, and no address is stored', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const id = businessOf(florist);
    for (const kind of ['view', 'view', 'quote-click']) expect((await visit(ctx, id, { kind })).status).toBe(204);

    const now = ctx.clock.now();
    expect(await visitTotals(ctx.database.db, id, { from: now, to: now })).toEqual({ views: 2, quoteClicks: 1 });
    const rows = await ctx.database.db.selectFrom('profile_visits').selectAll().where('vendor_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['day', 'quote_clicks', 'vendor_id', 'views']);
  });

  it('when the business is unknown, odd or not onboarded, or the kind is wrong, then nothing is counted and the answer says why', async () => {
    const notOnboarded = await registerVendor(ctx);
    for (const id of ['00000000-0000-4000-8000-000000000000', '..%2F..%2Fadmin', '%3Cscript%3E', businessOf(notOnboarded)]) {
      expectProblem(await visit(ctx, id, { kind: 'view' }), 404, 'not-found');
    }
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    expect(errorPaths(expectProblem(await visit(ctx, businessOf(florist), { kind: 'like' }), 400, 'validation-failed'))).toEqual(['kind']);
    expectProblem(await visit(ctx, businessOf(florist), { kind: 'view', ip: '1.2.3.4' }), 400, 'validation-failed');
    const rows = await ctx.database.db.selectFrom('profile_visits').selectAll().execute();
    expect(rows.filter((row) => row.vendor_id === businessOf(florist) || row.vendor_id === businessOf(notOnboarded))).toEqual([]);
  });

  it('when one address counts more than its hourly allowance, then it gets a 429 and the count stops', async () => {
    const limited = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, profileVisitsPerIp: 3 } });
    try {
      const florist = await aVendor(limited, { city: freshCity(limited) });
      const id = businessOf(florist);
      for (let i = 0; i < 3; i += 1) expect((await visit(limited, id, { kind: 'view' })).status).toBe(204);
      const refused = await visit(limited, id, { kind: 'quote-click' });
      expectProblem(refused, 429, 'rate-limited');
      expect(refused.headers['retry-after']).toBeDefined();
      const now = limited.clock.now();
      expect(await visitTotals(limited.database.db, id, { from: now, to: now })).toEqual({ views: 3, quoteClicks: 0 });
    } finally {
      await limited.close();
    }
  });
});
