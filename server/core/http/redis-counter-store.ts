import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { withinTime } from '../time-limit';
import { createMemoryCounterStore, type CounterStore, type WindowCount } from './counter-store';

/** A limit is checked on every sign-in and public post: it may not hold one up for longer than this. */
const CALL_TIMEOUT_MS = 500;

/** Every instance's counters live under this prefix. */
const PREFIX = 'vowly:limit:';

/**
 * One atomic hit: opens a window of ARGV[2] ms at ARGV[1] (the server clock) when none is open,
 * else adds one. Redis's own expiry only sweeps: a window ends by its `resetAt` on the server
 * clock, which the test clock moves.
 */
const HIT = `
local now = tonumber(ARGV[1])
local found = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local count = tonumber(found[1])
local resetAt = tonumber(found[2])
if count == nil or resetAt == nil or resetAt <= now then
  count = 1
  resetAt = now + tonumber(ARGV[2])
else
  count = count + 1
end
redis.call('HSET', KEYS[1], 'count', count, 'resetAt', resetAt)
redis.call('PEXPIRE', KEYS[1], math.max(1, resetAt - now))
return { count, resetAt }
`;

const UNDO = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
if count ~= nil and count > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
return 0
`;

/** Counters in Redis, shared by every instance: the 11th attempt is refused whichever instance gets it. */
export function createRedisCounterStore(redis: Redis, now: () => number): CounterStore {
  return {
    async hit(key, windowMs) {
      const [count, resetAt] = (await redis.eval(HIT, 1, PREFIX + key, now(), windowMs)) as [number, number];
      return { count, resetAt };
    },
    async get(key): Promise<WindowCount | null> {
      const [count, resetAt] = await redis.hmget(PREFIX + key, 'count', 'resetAt');
      if (count === null || resetAt === null || Number(resetAt) <= now()) return null;
      return { count: Number(count), resetAt: Number(resetAt) };
    },
    async undo(key) {
      await redis.eval(UNDO, 1, PREFIX + key);
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
  };
}

/**
 * Rate-limit counters for several instances: in Redis while it answers; while it does not, in this
 * process's memory (each instance then counts alone, so a limit allows up to its number per
 * instance), said once in the log each way. A request is never refused or failed because Redis is away.
 */
export function createSharedCounters(url: string, now: () => number, logger: Logger): CounterStore & { close(): Promise<void> } {
  // A call made while connecting waits for the connection; while Redis is away it fails after one
  // reconnection attempt, or CALL_TIMEOUT_MS, whichever is first, and the memory counts it.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const shared = createRedisCounterStore(redis, now);
  const local = createMemoryCounterStore(now);
  let away = false;
  redis.on('error', () => {
    // Reported by the first call that falls back, with what it was doing.
  });
  const either = async <T>(call: (store: CounterStore) => Promise<T>): Promise<T> => {
    try {
      const result = await withinTime(call(shared), CALL_TIMEOUT_MS, () => {
        throw new Error(`no answer within ${CALL_TIMEOUT_MS} ms`);
      });
      if (away) {
        away = false;
        logger.info('redis reachable again: rate limits are counted across instances');
      }
      return result;
    } catch (error) {
      if (!away) {
        away = true;
        logger.warn('redis unreachable: rate limits are counted per instance until it is back', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return call(local);
    }
  };
  return {
    hit: (key, windowMs) => either((store) => store.hit(key, windowMs)),
    get: (key) => either((store) => store.get(key)),
    undo: (key) => either((store) => store.undo(key)),
    reset: (key) => either((store) => store.reset(key)),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
