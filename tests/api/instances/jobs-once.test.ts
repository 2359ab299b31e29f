import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/time/durations';
import { aVendorOnPlan } from '../../support/api/builders';
import { createTestContext, type TestContext } from '../../support/api/test-app';

const postgres = process.env.TEST_DATABASE_URL;
let contexts: TestContext[] = [];

afterEach(async () => {
  // Both runners stop before either instance drops the shared schemas.
  for (const ctx of contexts) await ctx.jobs.stop();
  for (const ctx of [...contexts].reverse()) await ctx.close();
  contexts = [];
});

/**
 * Two instances on one PostgreSQL database, each with its own pg-boss runner on the shared job
 * tables, as production runs several (docs/operators.md: Running several instances).
 */
describe.runIf(postgres)('scheduled work with two instances running', () => {
  it('when a renewal falls due while both run, then it runs once: one renewal invoice, one grant of the plan’s credits', async () => {
    const a = await createTestContext({ database: 'postgres', jobRunner: 'pg-boss' });
    contexts.push(a);
    const b = await createTestContext({ database: 'postgres', jobRunner: 'pg-boss', shareDatabaseWith: a });
    contexts.push(b);
    const { vendor, billing } = await aVendorOnPlan(a, { plan: 'starter' });
    const vendorId = vendor.vendor.vendor_id;
    const planGrants = () =>
      a.database.db.selectFrom('credit_entries').select('delta').where('vendor_id', '=', vendorId).where('reason', '=', 'plan').execute();
    const grantsBefore = (await planGrants()).length;

    // Both instances' clocks move past the period's end, and both look for due work at once.
    for (const ctx of [a, b]) {
      ctx.advanceClock(31 * DAY_MS);
      await ctx.jobs.clockAdvanced(ctx.clock.offset());
    }
    await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);

    const invoices = await a.database.db.selectFrom('invoices').select(['kind', 'status']).where('vendor_id', '=', vendorId).orderBy('created_at').execute();
    const balance = await a.database.db.selectFrom('credit_balances').select('balance').where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
    expect(invoices).toEqual([
      { kind: 'subscription', status: 'paid' },
      { kind: 'renewal', status: 'paid' },
    ]);
    expect(await planGrants()).toHaveLength(grantsBefore + 1);
    expect(balance.balance).toBe(billing.credits + 10);
  }, 60_000);
});
