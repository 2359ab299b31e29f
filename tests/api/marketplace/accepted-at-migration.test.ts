import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { advanceMinutes } from '../../support/api/clock';
import { businessOf, customerDecides, freshCity, matchOf, storedQuote, submitQuote } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

/**
 * `quotes.accepted_at` (migration 026): set when the couple books the quote, at the time of its
 * `accepted` history row; filled for the quotes booked before the migration from that row.
 */
describe.each(TEST_DATABASES)('the accepted-at column on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const acceptedEventAt = async (quoteId: string) =>
    Number(
      (
        await ctx.database.db
          .selectFrom('quote_events')
          .select('created_at')
          .where('quote_id', '=', quoteId)
          .where('status', '=', 'accepted')
          .executeTakeFirstOrThrow()
      ).created_at,
    );

  /** A quote the couple booked `minutes` after it was sent, and one still waiting for them. */
  async function bookedAndWaiting(minutes: number) {
    const florist = await aVendor(ctx);
    const lead = async () => {
      const confirmed = await aConfirmedRequest(ctx, { location: freshCity(ctx), vendorId: businessOf(florist) });
      return { token: confirmed.token, quote: await matchOf(ctx, florist, confirmed.request.id) };
    };
    const [booked, waiting] = [await lead(), await lead()];
    expect((await submitQuote(ctx, florist, booked.quote)).status).toBe(200);
    expect((await submitQuote(ctx, florist, waiting.quote)).status).toBe(200);
    await advanceMinutes(ctx, minutes);
    expect((await customerDecides(ctx, booked.token, booked.quote.id, 'accept')).status).toBe(200);
    return { booked: booked.quote.id, waiting: waiting.quote.id };
  }

  it('when the couple books a quote, then it records the time of its acceptance, once; a quote not booked has none', async () => {
    const { booked, waiting } = await bookedAndWaiting(30);
    const row = await storedQuote(ctx, booked);
    expect(Number(row.accepted_at)).toBe(await acceptedEventAt(booked));
    expect(Number(row.accepted_at) - Number(row.submitted_at)).toBeGreaterThanOrEqual(30 * 60_000);
    expect((await storedQuote(ctx, waiting)).accepted_at).toBeNull();
  });

  it('when quotes were booked before 026, then each gets the time of its accepted history row, and the others stay null', async () => {
    const { booked, waiting } = await bookedAndWaiting(45);
    await migrateTo(ctx.database.db as never, migrations, '025-analytics-indexes', ctx.database.schema);
    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toContain('026-accepted-at');
    expect(Number((await storedQuote(ctx, booked)).accepted_at)).toBe(await acceptedEventAt(booked));
    expect((await storedQuote(ctx, waiting)).accepted_at).toBeNull();
  });
});
