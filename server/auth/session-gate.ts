import type { Clock } from '../core/clock';
import type { Database } from '../core/db/database';
import { isSessionOpen } from './auth.repository';

/** Whether the session (refresh-token family) an access token belongs to is still open. */
export interface SessionGate {
  isOpen(session: { userId: string; sessionId: string }): Promise<boolean>;
  /**
   * Call after a change that ended sessions of these users has committed (sign-out, reuse
   * detected, password reset or change, member removed, account deleted): this instance refuses
   * them at once.
   */
  ended(userIds: readonly string[]): void;
  /** Hears every `ended()` of this instance, with its users (live streams end theirs; other instances are told). */
  onEnded(listener: (userIds: readonly string[]) => void): void;
  /** Forgets the cached open sessions without telling anyone: another instance ended some. */
  forget(): void;
}

/**
 * How long this instance trusts that an open session is still open without asking the
 * database. Another instance learns of a sign-out within this time (this one, at once).
 */
export const SESSION_CACHE_MS = 15_000;
const MAX_CACHED = 50_000;

/**
 * The session check of every authenticated request, cached so a request does not pay a query
 * each time. Only open sessions are cached, and a generation counter keeps a lookup that raced
 * an `ended()` from caching what it read before the change.
 */
export function createSessionGate(deps: { database: Database; clock: Clock; cacheMs?: number }): SessionGate {
  const cacheMs = deps.cacheMs ?? SESSION_CACHE_MS;
  const open = new Map<string, number>();
  let generation = 0;
  const listeners: ((userIds: readonly string[]) => void)[] = [];
  const forget = () => {
    generation += 1;
    open.clear();
  };
  return {
    async isOpen({ userId, sessionId }) {
      const key = `${userId}:${sessionId}`;
      const now = deps.clock.now();
      const until = open.get(key);
      if (until !== undefined && until > now) return true;
      const asked = generation;
      const isOpenNow = await isSessionOpen(deps.database.db, userId, sessionId, now);
      if (isOpenNow && asked === generation) {
        if (open.size >= MAX_CACHED) open.clear();
        open.set(key, now + cacheMs);
      } else {
        open.delete(key);
      }
      return isOpenNow;
    },
    ended(userIds) {
      forget();
      for (const listener of listeners) listener(userIds);
    },
    onEnded: (listener) => void listeners.push(listener),
    forget,
  };
}
