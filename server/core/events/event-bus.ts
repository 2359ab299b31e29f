import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { DomainEventName, DomainEvents } from './domain-events';

/** What a subscriber gets besides the payload: the publishing transaction, and a hook for after it commits. */
export interface EventContext {
  /** The transaction that makes the change: write or enqueue jobs here, so they stand or fall with it. */
  trx: Kysely<DB>;
  /** Runs `callback` once the change is committed (never if it rolls back). */
  afterCommit(callback: () => void): void;
}

export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K], context: EventContext) => Promise<void> | void;

/** In-process domain events (core/events/domain-events.ts has the map). */
export interface EventBus {
  /** Calls every subscriber of `name`, in the order they subscribed, inside `trx`; a failing subscriber fails the change. */
  publish<K extends DomainEventName>(trx: Kysely<DB>, name: K, payload: DomainEvents[K]): Promise<void>;
  subscribe<K extends DomainEventName>(name: K, handler: EventHandler<K>): void;
  /** The events something subscribed to (a published event nobody hears is a bug: tests check it). */
  subscribed(): DomainEventName[];
}

/**
 * Subscribers run inside the publishing transaction: what they write or enqueue (a mail job, a
 * file removal) happens exactly when the change does. Work outside the database belongs in a
 * job, or in `afterCommit` when it is in-memory and cannot fail.
 */
export function createEventBus(database: Pick<Database, 'afterCommit'>): EventBus {
  const handlers = new Map<DomainEventName, EventHandler<never>[]>();
  return {
    async publish(trx, name, payload) {
      const context: EventContext = { trx, afterCommit: (callback) => database.afterCommit(trx, callback) };
      for (const handler of handlers.get(name) ?? []) await (handler as EventHandler<typeof name>)(payload, context);
    },
    subscribe(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as EventHandler<never>]);
    },
    subscribed: () => [...handlers.keys()],
  };
}
