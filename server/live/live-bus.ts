import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../core/logger';

/**
 * What instances tell each other: a business has new stored events, or sessions of these users
 * ended (sign-out, password change, member removed; without `userIds`, from an instance of an
 * earlier version: anyone's).
 */
export type LiveBusMessage = { kind: 'events'; vendorId: string } | { kind: 'sessions-ended'; userIds?: string[] } | { kind: 'resync' };

/**
 * How an instance hears that events were stored: in process on one instance; through Redis
 * pub/sub across several. A message is only a nudge (the events themselves are stored), so one
 * lost on the way delays a stream until its next catch-up, never loses an event.
 */
export interface LiveBus {
  /** Tells every instance, this one first and at once. */
  publish(message: LiveBusMessage): void;
  /** `remote`: the message came from another instance. */
  subscribe(listener: (message: LiveBusMessage, remote: boolean) => void): void;
  /** Several instances share the events: a stream catches up on each heartbeat, as pub/sub may drop a message. */
  readonly shared: boolean;
  /** Resolves when the bus's store (Redis) answers; absent on one instance. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

function listenersOf() {
  const listeners: ((message: LiveBusMessage, remote: boolean) => void)[] = [];
  return {
    add: (listener: (message: LiveBusMessage, remote: boolean) => void) => void listeners.push(listener),
    tell: (message: LiveBusMessage, remote: boolean) => {
      for (const listener of listeners) listener(message, remote);
    },
  };
}

/** One instance: messages go straight to this instance's listeners. */
export function createLocalLiveBus(): LiveBus {
  const listeners = listenersOf();
  return { publish: (message) => listeners.tell(message, false), subscribe: listeners.add, shared: false, close: async () => {} };
}

export const LIVE_CHANNEL = 'vowly:live';

const wireSchema = z.object({
  from: z.string(),
  message: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('events'), vendorId: z.string() }),
    z.object({ kind: z.literal('sessions-ended'), userIds: z.array(z.string().max(100)).max(10_000).optional() }),
  ]),
});

/** A message another instance published, or null for anything else on the channel. */
function messageOf(text: string): { from: string; message: LiveBusMessage } | null {
  try {
    const parsed = wireSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Several instances (REDIS_URL): a message is handed to this instance's listeners at once and
 * published on {@link LIVE_CHANNEL}; each instance hears the others' (its own are skipped). The
 * subscriber has its own connection (a subscribed connection can do nothing else). While Redis
 * is away, this instance's streams still hear its own events, and the log says so once.
 */
export function createRedisLiveBus(url: string, logger: Logger): LiveBus {
  const self = randomUUID();
  const listeners = listenersOf();
  // A publish while Redis is away fails at once (the other instances catch up on their heartbeat);
  // the subscription waits for Redis however long it takes, so an instance started before Redis
  // still subscribes once it is up (ioredis subscribes again by itself after a reconnect).
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  let down = false;
  const lost = (error: Error) => {
    if (down) return;
    down = true;
    logger.warn('redis unreachable: live events reach only the streams of this instance until it is back', { error: error.message });
  };
  const back = () => {
    if (!down) return;
    down = false;
    logger.info('redis reachable again: live events fan out to every instance');
    // What the other instances stored while Redis was away: every stream here reads what it has not had.
    listeners.tell({ kind: 'resync' }, false);
  };
  publisher.on('error', lost);
  subscriber.on('error', lost);
  // Back only once the channel is subscribed again, not merely connected.
  subscriber.on('ready', () => {
    void subscriber.subscribe(LIVE_CHANNEL).then(back, (error: unknown) => lost(error instanceof Error ? error : new Error(String(error))));
  });
  subscriber.on('message', (_channel: string, text: string) => {
    const received = messageOf(text);
    if (received && received.from !== self) listeners.tell(received.message, true);
  });
  return {
    publish(message) {
      listeners.tell(message, false);
      publisher.publish(LIVE_CHANNEL, JSON.stringify({ from: self, message })).catch(() => {
        // The error listener has said Redis is away; the other instances catch up on their next heartbeat.
      });
    },
    subscribe: listeners.add,
    shared: true,
    async ping() {
      // Refused at once while disconnected (no offline queue), so readiness does not wait out a timeout.
      await publisher.ping();
    },
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
