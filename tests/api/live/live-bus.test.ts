import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../server/core/logger';
import { Redis } from 'ioredis';
import { createRedisLiveBus, type LiveBus } from '../../../server/live';
import { LIVE_CHANNEL, type LiveBusMessage } from '../../../server/live/live-bus';
import { freePort } from '../../support/free-port';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/**
 * The Redis bus of several instances (docs/live-updates.md): an instance that starts while Redis
 * is not up yet subscribes once it is, says so, and catches up; it hears the other instances from then on.
 */
describe.runIf(process.env.TEST_REDIS_URL && hasRedisServer)('the live bus over Redis', () => {
  const buses: LiveBus[] = [];
  let redis: ChildProcess | null = null;

  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    redis?.kill('SIGKILL');
    redis = null;
  });

  it('when an instance starts before Redis, then once Redis is up it subscribes, logs it is back, resyncs, and hears the other instance', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const logger = createMemoryLogger();
    const early = createRedisLiveBus(url, logger);
    buses.push(early);
    const heard: { message: LiveBusMessage; remote: boolean }[] = [];
    early.subscribe((message, remote) => heard.push({ message, remote }));
    await expect.poll(() => logger.lines.some((line) => line.message.startsWith('redis unreachable'))).toBe(true);

    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await expect.poll(() => logger.lines.some((line) => line.message.startsWith('redis reachable again')), { timeout: 15_000 }).toBe(true);
    expect(heard).toContainEqual({ message: { kind: 'resync' }, remote: false });

    const other = createRedisLiveBus(url, createMemoryLogger());
    buses.push(other);
    // The other instance publishes until the early one hears it (its own connection may still be coming up).
    await expect
      .poll(
        () => {
          other.publish({ kind: 'events', vendorId: 'v-1' });
          return heard.some((entry) => entry.remote && entry.message.kind === 'events');
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(heard.find((entry) => entry.remote)?.message).toEqual({ kind: 'events', vendorId: 'v-1' });
  });

  it('when an instance says whose sessions ended, then the other hears those users; a message of an earlier version, naming nobody, is still heard', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const one = createRedisLiveBus(url, createMemoryLogger());
    const other = createRedisLiveBus(url, createMemoryLogger());
    const raw = new Redis(url);
    buses.push(one, other);
    try {
      const heard: LiveBusMessage[] = [];
      other.subscribe((message, remote) => remote && message.kind === 'sessions-ended' && heard.push(message));
      const userId = `u-${String(Date.now())}`;
      await expect
        .poll(
          () => {
            one.publish({ kind: 'sessions-ended', userIds: [userId] });
            return heard.some((message) => message.kind === 'sessions-ended' && message.userIds?.includes(userId));
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      await raw.publish(LIVE_CHANNEL, JSON.stringify({ from: 'an-instance-of-an-earlier-version', message: { kind: 'sessions-ended' } }));
      await expect.poll(() => heard.some((message) => message.kind === 'sessions-ended' && message.userIds === undefined)).toBe(true);
    } finally {
      raw.disconnect();
    }
  });
});
