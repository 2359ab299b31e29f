import { parseLiveEvent, type LiveEvent } from '../../../../shared/contracts/live-events';
import type { SseEvent } from '../../../../shared/live/sse-parser';
import { readEventStream } from './read-event-stream';

/** Whether this browser's stream is open: `live`, or `connecting` (first time, or again after a drop). */
export type LiveStatus = 'connecting' | 'live';

/** What tabs tell each other over the channel. */
type Relay =
  | { type: 'event'; event: LiveEvent }
  | { type: 'reset'; id: string | null }
  | { type: 'status'; status: LiveStatus; id: string | null }
  | { type: 'cursor'; id: string }
  | { type: 'hello' };

export interface LiveUpdatesOptions {
  /** The stored access token (null: signed out, nothing to stream). */
  token(): string | null;
  /** A fresh access token; rejects when the session is over (and signs out). */
  refresh(): Promise<string>;
  /** Each live event, in every tab. */
  onEvent(event: LiveEvent): void;
  /** Events may have been missed (the store no longer had them, or the stream was down): read everything again. */
  onReset(): void;
  onStatus?(status: LiveStatus): void;
  /** The wait after a refused token before refreshing it (default 2 s; tests shorten it). */
  sessionSettleMs?: number;
}

export const LIVE_CHANNEL = 'vowly-live';
export const LIVE_LOCK = 'vowly-live-leader';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** After the stream's token or session was refused: how long new tokens this tab is being given have to arrive. */
const SESSION_SETTLE_MS = 2_000;
/** When the server ended the stream because this user opened too many elsewhere: wait before taking one back. */
const REPLACED_WAIT_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const jitter = (ms: number) => ms / 2 + Math.random() * (ms / 2);

/** Why the server ended the stream (`session`, `replaced`, `shutdown`). */
function reasonOf(data: string): string {
  try {
    const { reason } = JSON.parse(data) as { reason?: unknown };
    return typeof reason === 'string' ? reason : 'ended';
  } catch {
    return 'ended';
  }
}

function relayOf(value: unknown): Relay | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; event?: { id?: unknown; name?: unknown; data?: unknown }; status?: unknown };
  const id = (value as { id?: unknown }).id;
  const idOf = typeof id === 'string' && /^\d{1,15}$/.test(id) ? id : null;
  if (message.type === 'hello') return { type: 'hello' };
  if (message.type === 'reset') return { type: 'reset', id: idOf };
  if (message.type === 'cursor') return idOf === null ? null : { type: 'cursor', id: idOf };
  if (message.type === 'status' && (message.status === 'live' || message.status === 'connecting')) return { type: 'status', status: message.status, id: idOf };
  if (message.type === 'event' && message.event && typeof message.event.id === 'string' && typeof message.event.name === 'string') {
    const event = parseLiveEvent(message.event.id, message.event.name, JSON.stringify(message.event.data));
    return event ? { type: 'event', event } : null;
  }
  return null;
}

/**
 * Live updates with one stream per browser, not per tab (HTTP/1.1 allows six connections per
 * origin): the tab holding the Web Lock {@link LIVE_LOCK} reads `GET /api/events` and relays each
 * event to the other tabs over the BroadcastChannel {@link LIVE_CHANNEL}. When the leader closes,
 * its lock is released and a waiting tab takes over, reconnecting with the last event id it was
 * relayed, so the server replays what fell in between. Without Web Locks or BroadcastChannel each
 * tab reads its own stream. Returns the stop function.
 */
export function startLiveUpdates(options: LiveUpdatesOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LIVE_CHANNEL) : null;
  let lastEventId: string | null = null;
  let status: LiveStatus = 'connecting';
  let leading = false;
  /** Whether this tab waited for the lock while another tab held the stream (then took it over). */
  let waited = false;

  // Every tab keeps the id the stream has reached, so whichever takes the stream over resumes there.
  const receive = (message: Relay) => {
    if (message.type === 'event') {
      lastEventId = message.event.id;
      options.onEvent(message.event);
    } else if (message.type === 'reset') {
      lastEventId = message.id ?? lastEventId;
      options.onReset();
    } else if (message.type === 'cursor') {
      lastEventId = message.id;
    } else if (message.type === 'status') {
      lastEventId = message.id ?? lastEventId;
      status = message.status;
      options.onStatus?.(message.status);
    } else if (leading) {
      channel?.postMessage({ type: 'status', status, id: lastEventId } satisfies Relay);
    }
  };
  const relay = (message: Relay) => {
    receive(message);
    channel?.postMessage(message);
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = relayOf(event.data);
      if (message) receive(message);
    };
    // A tab that opens asks the leader where the stream stands.
    channel.postMessage({ type: 'hello' } satisfies Relay);
  }

  const lead = async () => {
    leading = true;
    let retryMs = FIRST_RETRY_MS;
    let opened = false;
    /** The token a stream was refused with (401, or ended for its session): refreshed unless another tab already did. */
    let refused: string | null = null;
    let refusals = 0;
    while (!signal.aborted) {
      let token = options.token();
      if (!token || token === refused) {
        try {
          token = await options.refresh();
        } catch {
          // Refused: the session has ended and signing out follows. Unanswered (offline, a 5xx):
          // the session is kept, so the stream tries again after a wait, as after a failure.
          if (!options.token()) return;
          await sleep(jitter(retryMs), signal);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          continue;
        }
      }
      const stream = { ended: null as string | null };
      const end = await readEventStream({
        token,
        lastEventId,
        signal,
        onOpen: () => {
          retryMs = FIRST_RETRY_MS;
          refusals = 0;
          // A stream opened without an id to resume from, after this tab (or the leader before it)
          // had one open, cannot know what it missed.
          if (lastEventId === null && (opened || waited)) relay({ type: 'reset', id: null });
          opened = true;
          relay({ type: 'status', status: 'live', id: lastEventId });
        },
        onEvent: (event: SseEvent) => {
          if (event.event === 'open') return event.id === null ? undefined : relay({ type: 'cursor', id: event.id });
          if (event.event === 'reset') return relay({ type: 'reset', id: event.id });
          if (event.event === 'end') {
            stream.ended = reasonOf(event.data);
            return;
          }
          const parsed = event.id === null ? null : parseLiveEvent(event.id, event.event, event.data);
          if (parsed) relay({ type: 'event', event: parsed });
        },
      });
      if (signal.aborted) return;
      relay({ type: 'status', status: 'connecting', id: lastEventId });
      if (end.kind === 'unauthorized' || stream.ended === 'session') {
        refused = token;
        refusals += 1;
        // The session may have ended because this tab itself changed it (a password change signs
        // the other sessions out and answers this tab with new tokens a moment after the stream
        // hears of it): wait for those before refreshing, or the refresh would send the old token
        // and sign this tab out. A fresh token refused again waits longer, as after a failure.
        await sleep(refusals > 1 ? jitter(retryMs) : (options.sessionSettleMs ?? SESSION_SETTLE_MS), signal);
        if (refusals > 1) retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        continue;
      }
      refusals = 0;
      const wait = stream.ended === 'replaced' ? REPLACED_WAIT_MS : end.kind === 'failed' ? (end.retryAfterMs ?? retryMs) : FIRST_RETRY_MS;
      if (end.kind === 'failed') retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      await sleep(jitter(wait), signal);
    }
  };

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && channel) {
    // Asked first without waiting, to know whether another tab holds the stream.
    void locks
      .request(LIVE_LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await lead();
        return true;
      })
      .then((led) => {
        if (led || signal.aborted) return;
        waited = true;
        // Held until this tab stops (or closes): the promise the callback returns settles only then.
        return locks.request(LIVE_LOCK, { signal }, () => lead());
      })
      .catch(() => {
        // Aborted while waiting for the lock: this tab never led.
      });
  } else {
    // Without Web Locks (a page not served over HTTPS, an old browser) each tab reads its own
    // stream; relaying too would hand every tab each event once per tab.
    channel?.close();
    channel = null;
    void lead();
  }

  return () => {
    controller.abort();
    channel?.close();
  };
}
