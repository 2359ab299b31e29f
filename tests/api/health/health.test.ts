import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRouter } from '../../../server/core/http/health';
import { createMemoryLogger } from '../../../server/core/logger';
import { createRedisLiveBus, type LiveBus } from '../../../server/live';
import { createTestContext, openTestDatabase, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

let ctx: TestContext | undefined;
const buses: LiveBus[] = [];

afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
  for (const bus of buses.splice(0)) await bus.close();
});

/** A port nothing listens on: Redis there is down. */
const DEAD_REDIS = 'redis://127.0.0.1:1';

describe.each(TEST_DATABASES)('health and readiness on %s (docs/operators.md: Health and readiness)', (database) => {
  it('when the instance is up, then /healthz says ok and /readyz says ready with each check, neither cached nor needing a login', async () => {
    ctx = await createTestContext({ database });

    const alive = await request(ctx.app).get('/healthz').expect(200);
    const ready = await request(ctx.app).get('/readyz').expect(200);

    expect(alive.body).toEqual({ status: 'ok' });
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured', draining: false } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('when the instance starts draining, then /readyz answers 503 problem+json at once while /healthz stays 200', async () => {
    let draining = false;
    ctx = await createTestContext({ database, draining: () => draining });
    await request(ctx.app).get('/readyz').expect(200);

    draining = true;

    const ready = await request(ctx.app).get('/readyz').expect(503);
    expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ready.body).toMatchObject({
      status: 503,
      code: 'unavailable',
      detail: expect.stringMatching(/shutting down/),
      checks: { database: 'ok', draining: true },
    });
    await request(ctx.app).get('/healthz').expect(200);
  });
});

describe('readiness when a dependency is away', () => {
  it('when the database cannot be reached, then /readyz answers 503 naming it', async () => {
    const database = await openTestDatabase('sqlite');
    await database.close();
    const app = express().use(healthRouter({ database, draining: () => false }));

    const ready = await request(app).get('/readyz').expect(503);

    expect(ready.body).toMatchObject({
      code: 'unavailable',
      detail: 'Not ready: the database cannot be reached.',
      checks: { database: 'unreachable', redis: 'not configured' },
    });
  });

  it('when a check does not answer within its time, then it counts as unreachable instead of holding the load balancer', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      const app = express().use(healthRouter({ database, redis: { ping: () => new Promise<void>(() => {}) }, draining: () => false, checkTimeoutMs: 50 }));

      const ready = await request(app).get('/readyz').expect(503);

      expect(ready.body).toMatchObject({ detail: 'Not ready: Redis cannot be reached.', checks: { database: 'ok', redis: 'unreachable' } });
    } finally {
      await database.close();
    }
  });

  it('when REDIS_URL points at a Redis that is down, then /readyz says so at once', async () => {
    const bus = createRedisLiveBus(DEAD_REDIS, createMemoryLogger());
    buses.push(bus);
    ctx = await createTestContext({ liveBus: bus });

    const started = Date.now();
    const ready = await request(ctx.app).get('/readyz').expect(503);

    expect(ready.body.checks).toEqual({ database: 'ok', redis: 'unreachable', draining: false });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it.runIf(process.env.TEST_REDIS_URL)('when Redis answers, then /readyz says ready with Redis ok', async () => {
    const bus = createRedisLiveBus(process.env.TEST_REDIS_URL!, createMemoryLogger());
    buses.push(bus);
    ctx = await createTestContext({ liveBus: bus });

    await expect.poll(async () => (await request(ctx!.app).get('/readyz')).status).toBe(200);
    expect((await request(ctx.app).get('/readyz')).body.checks).toEqual({ database: 'ok', redis: 'ok', draining: false });
  });
});
