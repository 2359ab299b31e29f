import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent } from '../../support/api/http';
import { businessOf, freshCity, ledgerRows, matchOf, storedCredits, storedQuote, submitQuote } from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * A business and its customer acting at the same moment (docs/marketplace.md, Lead cost and
 * refunds): whatever commits first, the credits end where the rules say.
 */
describe.each(TEST_DATABASES)('a customer and a business acting at once on %s', (kind) => {
  let ctx: TestContext;
  /** While set, a credit change of this business waits inside its transaction until released. */
  let held: { vendorId: string; reached: () => void; release: Promise<void> } | null = null;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
    ctx.deps.events.subscribe('credits.changed', async ({ vendorId }) => {
      if (held?.vendorId !== vendorId) return;
      const { reached, release } = held;
      held = null;
      reached();
      await release;
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Until the other side's statement waits for the held transaction (a row lock on PostgreSQL, the one connection on SQLite). */
  async function untilBlocked(): Promise<void> {
    if (kind === 'sqlite') return new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query like 'update "quotes"%'`.execute(
        ctx.database.db,
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the withdrawal never waited for the submit');
  }

  it('when the couple withdraws while a quote is being submitted, then the quote closes and its credits come back', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 60) });
    const match = await matchOf(ctx, florist, request.id);
    let release = () => {};
    const reached = new Promise<void>((resolve) => {
      held = { vendorId: businessOf(florist), reached: resolve, release: new Promise<void>((done) => (release = done)) };
    });

    const submitting = submitQuote(ctx, florist, match);
    await reached;
    // then() sends it now (supertest sends when awaited).
    const withdrawing = agent(ctx)
      .post(`/api/public/requests/${token}/withdraw`)
      .then((res) => res);
    await untilBlocked();
    release();
    const [submitted, withdrawn] = await Promise.all([submitting, withdrawing]);

    expect(submitted.status).toBe(200);
    expect(withdrawn.status).toBe(200);
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'closed', closed_reason: 'withdrawn', refunded: 1 });
    expect((await ledgerRows(ctx, florist)).map((e) => e.reason)).toEqual(['trial', 'lead', 'refund']);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 10, ledger: 10 });
  });
});
