import type { ServerResponse } from 'node:http';
import type { Clock } from '../core/clock';
import type { Database } from '../core/db/database';
import type { Authenticate, Caller } from '../core/http/require-auth';
import type { Logger } from '../core/logger';
import type { LiveBus } from './live-bus';
import { eventsAfter, vendorsWithEventsSince } from './live.repository';
import type { LiveEventRow } from './live.table';

/** What the hub is tuned with (docs/live-updates.md). */
export interface LiveSettings {
  /** A comment line this often keeps proxies from closing a quiet stream (nginx and ALBs wait 60 s). */
  heartbeatMs: number;
  /**
   * Unsent bytes a stream may hold in this process before more is written; past it the consumer
   * is cut (it reconnects and replays). A stream holds at most this plus one batch of events.
   */
  maxBufferedBytes: number;
  /** Streams one user may hold; a new one ends their oldest. */
  maxStreamsPerUser: number;
  /**
   * Streams one business may hold on this instance (its people's browsers each hold one, shared by
   * their tabs); beyond, a new one is refused (429) until one closes.
   */
  maxStreamsPerBusiness: number;
  /** Streams one client address (IPv6 by /56) may hold on this instance, over all accounts; beyond, refused (429). */
  maxStreamsPerAddress: number;
  /** Streams this instance holds; beyond, a new one is refused (503) and goes to another instance. */
  maxStreams: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 32 * 1024,
  maxStreamsPerUser: 8,
  maxStreamsPerBusiness: 40,
  maxStreamsPerAddress: 40,
  maxStreams: 20_000,
};

/** Why a stream may not open here now. */
export type LiveRoom = 'ok' | 'full' | 'stopping' | 'business-full' | 'address-full';

/** Tokens and sessions are checked again every this many heartbeats (sessions at once when a sign-out is heard). */
const RECHECK_EVERY = 4;
/** How long an ended stream's client has to read its last words before the socket is cut. */
const END_GRACE_MS = 5_000;
/** Events read per query while delivering (a long replay takes several). */
const BATCH = 500;

/** One open stream: its response, who holds it and the last event id it was sent. */
interface Stream {
  res: ServerResponse;
  caller: Caller;
  bearer: string;
  /** The client's address as limits count it. */
  address: string;
  cursor: number;
  openedAt: number;
}

/** What the next pass of the check checks: every stream's token, or the sessions of these users' streams (or of everyone's). */
interface Recheck {
  tokens: boolean;
  everyone: boolean;
  users: Set<string>;
}

/** SSE lines of one stored event (its data is JSON: it holds no line break). */
export function eventText(row: Pick<LiveEventRow, 'id' | 'name' | 'data'>): string {
  return `id: ${row.id}\nevent: ${row.name}\ndata: ${row.data}\n\n`;
}

/**
 * This instance's open streams, by business: it hears from the bus that a business has new
 * events, reads them once and writes each stream what it has not had. One timer for all streams
 * sends the heartbeats, cuts consumers that stopped reading and, now and then, ends streams whose
 * session ended.
 */
export function createLiveHub(deps: {
  database: Database;
  clock: Clock;
  logger: Logger;
  authenticate: Authenticate;
  /** Whether a session is still open (auth's session gate). */
  sessionOpen(session: { userId: string; sessionId: string }): Promise<boolean>;
  bus: LiveBus;
  settings: LiveSettings;
}) {
  const { settings } = deps;
  const byVendor = new Map<string, Set<Stream>>();
  /** Open streams by client address. */
  const byAddress = new Map<string, number>();
  const busy = new Set<string>();
  const again = new Set<string>();
  let count = 0;
  let beats = 0;
  let timer: NodeJS.Timeout | null = null;
  let closing = false;

  /** Forgets a stream that closed or was cut (at once: a cut stream must not hold back its business's cursor). */
  const drop = (stream: Stream) => {
    const streams = byVendor.get(stream.caller.vendorId);
    if (!streams?.delete(stream)) return;
    count -= 1;
    if (streams.size === 0) byVendor.delete(stream.caller.vendorId);
    const fromAddress = (byAddress.get(stream.address) ?? 1) - 1;
    if (fromAddress > 0) byAddress.set(stream.address, fromAddress);
    else byAddress.delete(stream.address);
  };

  /** The caller's streams a new one of theirs ends (their oldest, past their limit). */
  const replacedBy = (caller: Caller): Stream[] => {
    const mine = [...(byVendor.get(caller.vendorId) ?? [])].filter((other) => other.caller.userId === caller.userId).sort((a, b) => a.openedAt - b.openedAt);
    return mine.slice(0, Math.max(0, mine.length - settings.maxStreamsPerUser + 1));
  };

  const write = (stream: Stream, text: string): boolean => {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) {
      drop(stream);
      return false;
    }
    if (res.writableLength > settings.maxBufferedBytes) {
      // The consumer stopped reading: what it missed waits in the store for its reconnect.
      res.destroy();
      drop(stream);
      return false;
    }
    res.write(text);
    return true;
  };

  /**
   * Ends a stream, telling the client why. It leaves the hub at once; a client that does not read
   * its end is cut after a grace (a response never finished would hold its socket forever: Node
   * times out neither an unfinished response nor its keep-alive).
   */
  const end = (stream: Stream, reason: string) => {
    drop(stream);
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > settings.maxBufferedBytes) return void res.destroy();
    res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    setTimeout(() => {
      if (!res.writableFinished) res.destroy();
    }, END_GRACE_MS).unref();
  };

  async function deliver(vendorId: string): Promise<void> {
    if (busy.has(vendorId)) {
      again.add(vendorId);
      return;
    }
    busy.add(vendorId);
    try {
      do {
        again.delete(vendorId);
        // The streams as they were when the read began: one that opens while it runs may be behind
        // `from`, and is served by the next pass (open() asks for one), never skipped ahead.
        const streams = [...(byVendor.get(vendorId) ?? [])];
        if (streams.length === 0) return;
        let from = Infinity;
        for (const stream of streams) from = Math.min(from, stream.cursor);
        const rows = await eventsAfter(deps.database.db, vendorId, from, BATCH);
        for (const stream of streams) {
          if (stream.res.destroyed) continue;
          let text = '';
          for (const row of rows) if (row.id > stream.cursor) text += eventText(row);
          if (text !== '' && write(stream, text)) stream.cursor = rows.at(-1)!.id;
        }
        // A full batch: there may be more (the streams that took it have moved on; a cut one is gone).
        if (rows.length === BATCH) again.add(vendorId);
      } while (again.has(vendorId));
    } catch (error) {
      deps.logger.error('live delivery failed', { vendorId, error: error instanceof Error ? error.message : String(error) });
    } finally {
      busy.delete(vendorId);
    }
  }

  /**
   * Checks streams again and ends those that fail. After a sign-out (`{ userIds }`): is the
   * session of each stream of those users still open, asked once per session? (Without `userIds`,
   * a message from an instance of an earlier version: every stream's.) A stream whose access token
   * has merely expired is left alone: one vendor signing out must not send other browsers to
   * refresh and reconnect, nor cost a query per open stream. Every few heartbeats (`tokens`): is
   * each stream's token still valid and its session open? A stream does not outlive its token by
   * more than that interval, so a client takes a fresh token (and a changed role) now and then.
   * Passes never overlap: whatever is asked during one is one more pass after it.
   */
  let rechecking: Promise<void> | null = null;
  let pending: Recheck | null = null;
  async function recheck(check: 'tokens' | { userIds?: readonly string[] }): Promise<void> {
    pending ??= { tokens: false, everyone: false, users: new Set() };
    if (check === 'tokens') pending.tokens = true;
    else if (check.userIds === undefined) pending.everyone = true;
    else for (const userId of check.userIds) pending.users.add(userId);
    return runRechecks();
  }
  function runRechecks(): Promise<void> {
    if (rechecking) return rechecking;
    rechecking = (async () => {
      while (pending) {
        const pass = pending;
        pending = null;
        const sessions = new Map<string, Promise<boolean>>();
        const sessionOpen = ({ userId, sessionId }: Caller) => {
          const key = `${userId}:${sessionId}`;
          let open = sessions.get(key);
          if (!open) sessions.set(key, (open = deps.sessionOpen({ userId, sessionId }).catch(() => false)));
          return open;
        };
        for (const streams of [...byVendor.values()]) {
          for (const stream of [...streams]) {
            let valid = true;
            if (pass.tokens) valid = (await deps.authenticate(stream.bearer).catch(() => null)) !== null;
            else if (pass.everyone || pass.users.has(stream.caller.userId)) valid = await sessionOpen(stream.caller);
            if (!valid) end(stream, 'session');
          }
        }
      }
    })().finally(() => {
      rechecking = null;
      // Asked for between the last pass and this (another task's microtask may run in between).
      if (pending) void runRechecks();
    });
    return rechecking;
  }

  /** Several instances: the businesses with events of the last two heartbeats, in one query, read again for this instance's streams (a nudge may have been dropped). */
  async function catchUp(): Promise<void> {
    try {
      const since = deps.clock.now() - 2 * settings.heartbeatMs;
      for (const vendorId of await vendorsWithEventsSince(deps.database.db, since)) if (byVendor.has(vendorId)) void deliver(vendorId);
    } catch (error) {
      deps.logger.error('live catch-up failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  function beat() {
    beats += 1;
    for (const streams of [...byVendor.values()]) for (const stream of [...streams]) write(stream, ':\n\n');
    if (deps.bus.shared && byVendor.size > 0) void catchUp();
    if (beats % RECHECK_EVERY === 0) void recheck('tokens');
  }

  deps.bus.subscribe((message) => {
    if (message.kind === 'events') void deliver(message.vendorId);
    else if (message.kind === 'resync') for (const vendorId of [...byVendor.keys()]) void deliver(vendorId);
    else if (message.kind === 'sessions-ended') void recheck({ userIds: message.userIds });
  });

  return {
    get count() {
      return count;
    },
    /**
     * Whether `caller`'s stream from `address` may open here: none once the instance is stopping,
     * or when it, the business or the address holds its most (a stream that replaces one of the
     * caller's own takes that one's place).
     */
    room(caller: Caller, address: string): LiveRoom {
      if (closing) return 'stopping';
      const replaced = replacedBy(caller);
      if (count - replaced.length >= settings.maxStreams) return 'full';
      if ((byVendor.get(caller.vendorId)?.size ?? 0) - replaced.length >= settings.maxStreamsPerBusiness) return 'business-full';
      const sameAddress = replaced.filter((stream) => stream.address === address).length;
      if ((byAddress.get(address) ?? 0) - sameAddress >= settings.maxStreamsPerAddress) return 'address-full';
      return 'ok';
    },
    /** Holds `res` open as `caller`'s stream (from `address`) from `cursor` on, and sends what came after it. */
    open(res: ServerResponse, caller: Caller, bearer: string, address: string, cursor: number, now: number): void {
      const stream: Stream = { res, caller, bearer, address, cursor, openedAt: now };
      for (const old of replacedBy(caller)) end(old, 'replaced');
      // Looked up after the ends: ending a business's last stream drops its set.
      let streams = byVendor.get(caller.vendorId);
      if (!streams) byVendor.set(caller.vendorId, (streams = new Set()));
      streams.add(stream);
      count += 1;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      res.once('close', () => drop(stream));
      timer ??= setInterval(beat, settings.heartbeatMs).unref();
      void deliver(caller.vendorId);
    },
    /** Ends every stream, telling each to reconnect (elsewhere, when this instance is stopping). */
    closeAll(reason: string): void {
      closing = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const streams of [...byVendor.values()]) for (const stream of [...streams]) end(stream, reason);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
