import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceMinutes, dayFromNow } from '../../support/api/clock';
import { nextEvent, replaceJson } from '../../support/api/config-service';
import { freshCity, ledgerRows, matchOf, storedQuote, submitQuote } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { copySchemas, type SchemaCopy } from '../../support/schemas';

/**
 * The unread-quote refund waits app.json's `marketplace.refundUnreadAfterHours` (docs/marketplace.md, Lead cost and refunds), as it stood when the quote was sent.
 */
describe.each(TEST_DATABASES)('a configured refund wait on %s', (kind) => {
  let ctx: TestContext;
  let copy: SchemaCopy;

  async function setRefundHours(hours: number): Promise<void> {
    const app = (await copy.read('app.json')) as { marketplace?: Record<string, unknown> };
    const reloaded = nextEvent(ctx.store, 'reload');
    await replaceJson(copy.dir, 'app.json', { ...app, marketplace: { ...app.marketplace, refundUnreadAfterHours: hours } });
    await reloaded;
  }

  async function aSentQuote() {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const match = await matchOf(ctx, florist, request.id);
    expect((await submitQuote(ctx, florist, match)).status).toBe(200);
    return { florist, match };
  }

  beforeAll(async () => {
    copy = await copySchemas();
    const app = (await copy.read('app.json')) as Record<string, unknown>;
    await copy.write('app.json', { ...app, marketplace: { maxVendorsPerRequest: 5, refundUnreadAfterHours: 6 } });
    ctx = await createTestContext({
      database: kind,
      schemasDir: copy.dir,
      watch: true,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await copy?.remove();
  });

  it('when app.json sets 6 hours, then an unopened quote is refunded after 6 hours, not a minute before, and the ledger and history name 6 hours', async () => {
    const { florist, match } = await aSentQuote();

    await advanceMinutes(ctx, 6 * 60 - 1);
    expect((await ledgerRows(ctx, florist)).map((e) => e.reason)).toEqual(['trial', 'lead']);
    await advanceMinutes(ctx, 1);

    expect((await ledgerRows(ctx, florist)).at(-1)).toEqual({
      delta: 1,
      reason: 'refund',
      quoteId: match.id,
      note: 'The couple did not open your quote within 6 hours',
    });
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'submitted', refunded: 1 });
    const [last] = await ctx.database.db
      .selectFrom('quote_events')
      .select('note')
      .where('quote_id', '=', match.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .execute();
    expect(last?.note).toBe('1 credit refunded: not opened within 6 hours');
  });

  it('when the setting changes, then quotes sent from then on wait the new time and a quote sent before keeps its own', async () => {
    const before = await aSentQuote();
    await setRefundHours(12);
    const after = await aSentQuote();

    await advanceMinutes(ctx, 6 * 60);
    expect((await ledgerRows(ctx, before.florist)).at(-1)).toMatchObject({ reason: 'refund', note: 'The couple did not open your quote within 6 hours' });
    expect((await ledgerRows(ctx, after.florist)).map((e) => e.reason)).toEqual(['trial', 'lead']);
    await advanceMinutes(ctx, 6 * 60);

    expect((await ledgerRows(ctx, after.florist)).at(-1)).toMatchObject({ reason: 'refund', note: 'The couple did not open your quote within 12 hours' });
    expect((await ledgerRows(ctx, before.florist)).map((e) => e.reason)).toEqual(['trial', 'lead', 'refund']);
  });
});
