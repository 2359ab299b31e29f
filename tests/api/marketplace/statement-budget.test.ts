import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { declineQuote, matchOf, storedCredits, storedQuote, submitQuote } from '../../support/api/marketplace';
import { createTestContext, type TestContext } from '../../support/api/test-app';

/** The SQL text of every statement sent to PostgreSQL while `action` runs, in order. */
async function statementsOf<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await action();
    const statements = spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text).trim());
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

/** The statements before the transaction, and those inside it (between its begin and commit). */
function split(statements: string[]) {
  const begin = statements.indexOf('begin');
  const commit = statements.indexOf('commit');
  expect(begin, statements.join('\n')).toBeGreaterThanOrEqual(0);
  expect(commit, statements.join('\n')).toBeGreaterThan(begin);
  return { before: statements.slice(0, begin), inside: statements.slice(begin + 1, commit), after: statements.slice(commit + 1) };
}

/**
 * On PostgreSQL every statement is a round trip, and a write transaction holds its row locks (the
 * quote, the business's balance and its live-events lock) for all of its trips: a vendor's answer
 * to a lead has a budget of statements (docs/benchmarks.md, mixed load). Counted with the job
 * runner stopped, so that only the request's own statements are seen; pg-boss's enqueue with a
 * key takes two more than the embedded runner's (its lock, then its look).
 */
describe.runIf(process.env.TEST_DATABASE_URL).each([
  { runner: 'table' as const, budget: 11 },
  { runner: 'pg-boss' as const, budget: 13 },
])('the statements of a vendor’s answer on PostgreSQL ($runner job runner)', ({ runner, budget }) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      database: 'postgres',
      jobRunner: runner,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function aLead() {
    const vendor = await aVendor(ctx);
    const asked = await aConfirmedRequest(ctx, { vendorId: vendor.vendor.vendor_id });
    return { vendor, quote: await matchOf(ctx, vendor, asked.request.id) };
  }

  it(`when a vendor quotes a lead, then it takes two reads and a transaction of at most ${budget} statements, and nothing after`, async () => {
    const [first, second] = [await aLead(), await aLead()];
    await ctx.jobs.stop();

    const { result: res, statements } = await statementsOf(() => submitQuote(ctx, first.vendor, first.quote));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { data: { status: string; priceCents: number; customer: { email?: string } }; credits: { balance: number } };
    expect(body.data).toMatchObject({ status: 'submitted', priceCents: 185000, customer: { email: expect.stringContaining('@') } });
    expect(body.credits.balance).toBe((await storedCredits(ctx, first.vendor)).balance);
    expect((await storedQuote(ctx, first.quote.id)).status).toBe('submitted');
    const { before, inside, after } = split(statements);
    expect(before).toHaveLength(2);
    expect(inside.length, inside.join('\n')).toBeLessThanOrEqual(budget);
    expect(after).toEqual([]);
    // The live events' lock is taken in the statement that stores each event.
    expect(inside.filter((text) => /^select pg_advisory_xact_lock/i.test(text))).toHaveLength(runner === 'pg-boss' ? 1 : 0);

    const declined = await statementsOf(() => declineQuote(ctx, second.vendor, second.quote.id, { reason: 'Fully booked' }));
    expect(declined.result.status, JSON.stringify(declined.result.body)).toBe(200);
    expect(declined.result.body).toMatchObject({ data: { status: 'closed', closedReason: 'declined' } });
    expect(split(declined.statements).after).toEqual([]);
  });
});
