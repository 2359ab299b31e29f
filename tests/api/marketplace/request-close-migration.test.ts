import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { startOfDayAfter } from '../../../shared/marketplace/calendar-days';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { advanceDays, dayFromNow } from '../../support/api/clock';
import { freshCity, storedRequest } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const CLOSE_JOB = 'requests.close-unmatched';

/**
 * Closing an open request the day after its event moved from its quotes' jobs to a job of the
 * request (the requests module's). Migration 018 gives every open request confirmed before then
 * the job it never got, so the request still closes.
 */
describe.each(TEST_DATABASES)('the request close-job migration on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  function closeJobs(requestId: string) {
    return ctx.database.db
      .selectFrom('jobs')
      .select(['run_at', 'state'])
      .where('name', '=', CLOSE_JOB)
      .where('dedupe_key', '=', requestId)
      .where('state', '=', 'waiting')
      .execute();
  }

  it('when a matched request confirmed under the old layout has no close job, then migrating queues one for the day after its event and the clock closes it', async () => {
    const city = freshCity(ctx);
    await aVendor(ctx, { city });
    const eventDate = dayFromNow(ctx, 20);
    const matched = await aConfirmedRequest(ctx, { location: city, eventDate });
    expect(matched.request.matched).toBe(1);
    const alone = await aConfirmedRequest(ctx, { location: freshCity(ctx), eventDate });
    expect(alone.request.matched).toBe(0);
    expect(await closeJobs(matched.request.id)).toHaveLength(1);
    expect(await closeJobs(alone.request.id)).toHaveLength(1);

    // The old layout queued the request's close job only when nobody was matched.
    await ctx.database.db.deleteFrom('jobs').where('name', '=', CLOSE_JOB).where('dedupe_key', '=', matched.request.id).execute();
    await migrateTo(ctx.database.db as never, migrations, '017-invoice-request-keys', ctx.database.schema);
    // Every migration after 017 runs, in name order, 018 (the one under test) first.
    const later = Object.keys(migrations)
      .filter((name) => name > '017-invoice-request-keys')
      .sort();
    expect(later[0]).toBe('018-request-close-jobs');
    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toEqual(later);

    expect(await closeJobs(matched.request.id)).toEqual([{ run_at: expect.anything(), state: 'waiting' }]);
    expect(Number((await closeJobs(matched.request.id))[0]?.run_at)).toBe(startOfDayAfter(eventDate));
    // A request that had its job keeps that one only.
    expect(await closeJobs(alone.request.id)).toHaveLength(1);

    await advanceDays(ctx, 21);
    expect((await storedRequest(ctx, matched.request.id)).status).toBe('closed');
    expect((await storedRequest(ctx, alone.request.id)).status).toBe('closed');
  });
});
