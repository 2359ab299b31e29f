import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { advanceMinutes } from '../../support/api/clock';
import { businessOf, declineQuote, freshCity, matchOf, storedQuote, submitQuote } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

/**
 * Migration 022 adds each quote's first answer and fills it for the quotes stored before it, from
 * what is known: the business's quote or decline in the history, or the sending time.
 */
describe.each(TEST_DATABASES)('the first-response migration on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const vendorEventAt = async (quoteId: string) =>
    Number(
      (
        await ctx.database.db
          .selectFrom('quote_events')
          .select('created_at')
          .where('quote_id', '=', quoteId)
          .where('actor', '=', 'vendor')
          .executeTakeFirstOrThrow()
      ).created_at,
    );

  it('when quotes were answered before 022, then each gets its quote or decline time (or its sending time without history), and an unanswered match stays null', async () => {
    const florist = await aVendor(ctx);
    const lead = async () => matchOf(ctx, florist, (await aConfirmedRequest(ctx, { location: freshCity(ctx), vendorId: businessOf(florist) })).request.id);
    const [quoted, declined, imported, waiting] = [await lead(), await lead(), await lead(), await lead()];
    await advanceMinutes(ctx, 10);
    expect((await submitQuote(ctx, florist, quoted)).status).toBe(200);
    expect((await submitQuote(ctx, florist, imported)).status).toBe(200);
    await advanceMinutes(ctx, 4);
    expect((await declineQuote(ctx, florist, declined.id)).status).toBe(200);

    await migrateTo(ctx.database.db as never, migrations, '020-reviews', ctx.database.schema);
    // History imported in bulk has no rows of its changes, only the quote's sending time.
    await ctx.database.db.deleteFrom('quote_events').where('quote_id', '=', imported.id).where('actor', '=', 'vendor').execute();
    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toContain('022-first-response');

    const quotedRow = await storedQuote(ctx, quoted.id);
    expect(Number(quotedRow.first_response_at)).toBe(Math.min(Number(quotedRow.submitted_at), await vendorEventAt(quoted.id)));
    const importedRow = await storedQuote(ctx, imported.id);
    expect(Number(importedRow.first_response_at)).toBe(Number(importedRow.submitted_at));
    const declinedRow = await storedQuote(ctx, declined.id);
    expect(Number(declinedRow.first_response_at)).toBe(await vendorEventAt(declined.id));
    expect(Number(declinedRow.first_response_at) - Number(declinedRow.created_at)).toBeGreaterThanOrEqual(14 * 60_000);
    expect((await storedQuote(ctx, waiting.id)).first_response_at).toBeNull();
  });
});
