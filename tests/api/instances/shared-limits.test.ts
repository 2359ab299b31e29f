import { spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedCounters } from '../../../server/core/http/redis-counter-store';
import { createMemoryLogger } from '../../../server/core/logger';
import { login, registerVendor, uniqueEmail } from '../../support/api/http';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { freePort } from '../../support/free-port';

const redisUrl = process.env.TEST_REDIS_URL;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function counters(url: string, now: () => number = Date.now) {
  const logger = createMemoryLogger();
  const store = createSharedCounters(url, now, logger);
  closers.push(() => store.close());
  return { store, logger };
}

/** Two instances of the app on one database, each with its own connection to Redis for its limits. */
async function twoInstances(database: 'sqlite' | 'postgres'): Promise<[TestContext, TestContext]> {
  const limitsOf = () => ({ windowMs: 15 * 60_000, perIp: 10_000, perAccount: 10, counters: counters(redisUrl!).store });
  const first = await createTestContext({ database, rateLimits: limitsOf() });
  const second = await createTestContext({ database, rateLimits: limitsOf(), shareDatabaseWith: first });
  closers.push(
    () => first.close(),
    () => second.close(),
  );
  return [first, second];
}

describe.runIf(redisUrl)('rate limits shared through Redis (docs/operators.md: Running several instances)', () => {
  it.each(TEST_DATABASES)('when failed sign-ins to one account alternate between two instances on %s, then the 11th is refused on either', async (database) => {
    const [a, b] = await twoInstances(database);
    const vendor = await registerVendor(a, { email: uniqueEmail('shared-limit') });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await login(attempt % 2 === 0 ? a : b, vendor.email, 'not the password 1')).status);
    const onTheOther = await login(a, vendor.email, 'not the password 2');

    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
    expect(onTheOther.status).toBe(429);
  });

  it('when two instances count one key, then the counts add up, a success taken back counts no more, and a window ends on the server clock', async () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const one = counters(redisUrl!, () => now).store;
    const two = counters(redisUrl!, () => now).store;
    const key = `test:${uniqueEmail('window')}`;

    await one.hit(key, 60_000);
    await two.hit(key, 60_000);
    const third = await one.hit(key, 60_000);
    await two.undo(key);

    expect(third).toEqual({ count: 3, resetAt: now + 60_000 });
    expect(await one.get(key)).toEqual({ count: 2, resetAt: now + 60_000 });
    now += 60_000;
    expect(await two.get(key)).toBeNull();
    expect(await two.hit(key, 60_000)).toEqual({ count: 1, resetAt: now + 60_000 });
    await one.reset(key);
    expect(await two.get(key)).toBeNull();
  });

  it.runIf(hasRedisServer)(
    'when Redis cannot be reached, then limits are counted in memory, nothing fails, and the log says so once; when it is back, and when it is lost again mid-run, so does the log',
    async () => {
      // A Redis of our own that starts late and dies: the shared one must stay up for the other suites.
      const port = await freePort();
      const { store, logger } = counters(`redis://127.0.0.1:${port}`);
      const key = `test:${uniqueEmail('away')}`;

      expect(await store.hit(key, 60_000)).toMatchObject({ count: 1 });
      expect(await store.hit(key, 60_000)).toMatchObject({ count: 2 });
      expect(await store.get(key)).toMatchObject({ count: 2 });
      const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      closers.push(async () => void redis.kill('SIGKILL'));
      // Once back, the counts are in Redis, where another instance sees them.
      await expect
        .poll(
          async () => {
            await store.get(key);
            return logger.lines.length;
          },
          { timeout: 15_000 },
        )
        .toBe(2);
      await store.hit(`${key}:back`, 60_000);
      const other = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 0 });
      other.on('error', () => {});
      closers.push(async () => other.disconnect());
      expect(await other.hget(`vowly:limit:${key}:back`, 'count')).toBe('1');

      // Lost again mid-run: hits are still answered, from memory, and the log says so again.
      redis.kill('SIGKILL');
      await expect.poll(async () => (await store.hit(`${key}:lost`, 60_000)).count > 0 && logger.lines.length, { timeout: 10_000 }).toBe(3);

      expect(logger.lines.map(({ level, message }) => [level, message])).toEqual([
        ['warn', 'redis unreachable: rate limits are counted per instance until it is back'],
        ['info', 'redis reachable again: rate limits are counted across instances'],
        ['warn', 'redis unreachable: rate limits are counted per instance until it is back'],
      ]);
    },
  );

  it('keeps its keys under one prefix, each expiring with its window', async () => {
    const { store } = counters(redisUrl!);
    const key = `test:${uniqueEmail('ttl')}`;
    await store.hit(key, 30_000);

    const redis = new Redis(redisUrl!);
    closers.push(async () => void (await redis.quit()));
    const ttl = await redis.pttl(`vowly:limit:${key}`);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });
});
