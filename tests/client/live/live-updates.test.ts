import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/contracts/live-events';
import { LIVE_CHANNEL, startLiveUpdates, type LiveStatus, type LiveUpdatesOptions } from '../../../client/src/lib/live/live-updates';
import { eventLoopTurns, waitUntil } from '../../support/wait-until';

/** A `GET /api/events` answer the test writes into. */
interface FakeStream {
  headers: Record<string, string>;
  push(text: string): void;
  end(): void;
}

/** The tabs of one browser: a BroadcastChannel and Web Locks shared by every tab of the test. */
class FakeChannel {
  static open = new Set<FakeChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.open.add(this);
  }
  postMessage(data: unknown) {
    const copy = structuredClone(data);
    for (const other of FakeChannel.open) {
      if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.({ data: copy } as MessageEvent));
    }
  }
  close() {
    FakeChannel.open.delete(this);
  }
}

function fakeLocks() {
  const queue: { run: (lock: object | null) => Promise<unknown>; signal?: AbortSignal; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] =
    [];
  let held = false;
  const next = () => {
    if (held) return;
    const waiting = queue.shift();
    if (!waiting) return;
    held = true;
    void waiting
      .run({})
      .then(waiting.resolve, waiting.reject)
      .finally(() => {
        held = false;
        next();
      });
  };
  return {
    request(_name: string, options: { signal?: AbortSignal; ifAvailable?: boolean }, run: (lock: object | null) => Promise<unknown>) {
      if (options.ifAvailable && (held || queue.length > 0)) return run(null);
      return new Promise((resolve, reject) => {
        const entry = { run, signal: options.signal, resolve, reject };
        options.signal?.addEventListener('abort', () => {
          const at = queue.indexOf(entry);
          if (at >= 0) {
            queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        queue.push(entry);
        next();
      });
    },
  };
}

describe('live updates: one stream per browser (lib/live)', () => {
  let streams: FakeStream[];
  let status401: number;

  beforeEach(() => {
    streams = [];
    status401 = 0;
    FakeChannel.open.clear();
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit & { headers: Record<string, string> }) => {
        if (status401 > 0) {
          status401 -= 1;
          return new Response(null, { status: 401 });
        }
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        const encoder = new TextEncoder();
        const stream: FakeStream = {
          headers: init.headers,
          push: (text) => controller.enqueue(encoder.encode(text)),
          end: () => controller.close(),
        };
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        streams.push(stream);
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const tab = (overrides: Partial<LiveUpdatesOptions> = {}) => {
    const events: LiveEvent[] = [];
    const resets: number[] = [];
    const options: LiveUpdatesOptions = {
      token: () => 'token-1',
      refresh: async () => 'token-2',
      onEvent: (event) => events.push(event),
      onReset: () => resets.push(1),
      sessionSettleMs: 0,
      ...overrides,
    };
    return { events, resets, stop: startLiveUpdates(options) };
  };
  const message = (id: number, quoteId = 'q1') =>
    `id: ${id}\nevent: message.created\ndata: {"quoteId":"${quoteId}","messageId":"m${id}","from":"customer"}\n\n`;

  it('when three tabs are open, then one stream is read and every tab hears each event; when the leader closes, another tab resumes from the last id', async () => {
    const tabs = [tab(), tab(), tab()];
    await waitUntil(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.headers.Authorization).toBe('Bearer token-1');
    expect(streams[0]!.headers['Last-Event-ID']).toBeUndefined();
    streams[0]!.push(message(41));
    await waitUntil(() => expect(tabs.map((t) => t.events.map((event) => event.id))).toEqual([['41'], ['41'], ['41']]));
    expect(tabs[1]!.events[0]).toEqual({ id: '41', name: 'message.created', data: { quoteId: 'q1', messageId: 'm41', from: 'customer' } });

    tabs[0]!.stop();
    await waitUntil(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.headers['Last-Event-ID']).toBe('41');
    streams[1]!.push(message(42));
    await waitUntil(() => expect(tabs[2]!.events.map((event) => event.id)).toEqual(['41', '42']));
    expect(tabs[0]!.events.map((event) => event.id)).toEqual(['41']);
    for (const t of tabs) t.stop();
  });

  it('when the stream answers 401, or the server ends it because the session ended, then the token is refreshed and it reconnects with the new one', async () => {
    status401 = 1;
    // As the app's refresh does, the new token is stored where the next stream reads it.
    let stored = 'token-1';
    let issued = 1;
    const refresh = vi.fn(async () => (stored = `token-${(issued += 1)}`));
    const one = tab({ refresh, token: () => stored });
    await waitUntil(() => expect(streams).toHaveLength(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(streams[0]!.headers.Authorization).toBe('Bearer token-2');
    streams[0]!.push(message(5));
    streams[0]!.push('event: end\ndata: {"reason":"session"}\n\n');
    streams[0]!.end();
    await waitUntil(() => expect(streams).toHaveLength(2));
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(streams[1]!.headers.Authorization).toBe('Bearer token-3');
    expect(streams[1]!.headers['Last-Event-ID']).toBe('5');
    one.stop();
  });

  it('when a tab opens after the last event and takes the stream over, then it resumes from the id the stream was opened at', async () => {
    const first = tab();
    await waitUntil(() => expect(streams).toHaveLength(1));
    streams[0]!.push('retry: 2000\nid: 77\nevent: open\ndata: {}\n\n');
    // Listens to the tabs' channel as one more tab would, without taking part.
    const heard: unknown[] = [];
    new FakeChannel(LIVE_CHANNEL).onmessage = (event) => heard.push(event.data);
    await waitUntil(() => expect(heard).toContainEqual({ type: 'cursor', id: '77' }));
    // Opened after the stream's first event: it learns the id from the leader's answer to its hello.
    const statuses: LiveStatus[] = [];
    const second = tab({ onStatus: (status) => statuses.push(status) });
    await waitUntil(() => expect(statuses).toEqual(['live']));
    expect(heard).toContainEqual({ type: 'status', status: 'live', id: '77' });
    first.stop();
    await waitUntil(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.headers['Last-Event-ID']).toBe('77');
    expect(second.resets).toHaveLength(0);
    second.stop();
  });

  it('when the browser has no Web Locks, then each tab reads its own stream and hears each event once', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const tabs = [tab(), tab()];
    await waitUntil(() => expect(streams).toHaveLength(2));
    streams[0]!.push(message(3));
    streams[1]!.push(message(3));
    await waitUntil(() => expect(tabs.map((t) => t.events.map((event) => event.id))).toEqual([['3'], ['3']]));
    // The channel relays in microtasks and the streams' chunks arrive in promises, none behind a timer.
    await eventLoopTurns(5);
    expect(tabs.map((t) => t.events.length)).toEqual([1, 1]);
    for (const t of tabs) t.stop();
  });

  it('when the stream ends for the session while this tab is being given new tokens (its own password change), then it reconnects with them and does not refresh the old one', async () => {
    let stored = 'token-1';
    const refresh = vi.fn(async () => 'should-not-be-needed');
    const one = tab({ refresh, token: () => stored, sessionSettleMs: 50 });
    await waitUntil(() => expect(streams).toHaveLength(1));
    streams[0]!.push('event: end\ndata: {"reason":"session"}\n\n');
    streams[0]!.end();
    // The password change's answer stores the new tokens a moment after the stream heard of it.
    setTimeout(() => (stored = 'token-after-password-change'), 10);
    await waitUntil(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.headers.Authorization).toBe('Bearer token-after-password-change');
    expect(refresh).not.toHaveBeenCalled();
    one.stop();
  });

  it('when the refresh is refused (the session is over and cleared), then no stream is opened again', async () => {
    // The clock is the test's, so "again" can be looked for over a minute (past the longest wait
    // between attempts, 30 s) at once; waitUntil moves it on as it checks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    status401 = 5;
    let stored: string | null = 'old';
    const refresh = vi.fn(async () => {
      stored = null;
      throw new Error('signed out');
    });
    const one = tab({ refresh, token: () => stored });
    await waitUntil(() => expect(refresh).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    one.stop();
  });

  it('when the refresh gets no answer (offline, a 5xx) and the session is kept, then it tries again after a wait and reconnects once a refresh succeeds', async () => {
    status401 = 1;
    let stored = 'old';
    let attempts = 0;
    const refresh = vi.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Network Error');
      return (stored = 'token-2');
    });
    const one = tab({ refresh, token: () => stored });
    await waitUntil(() => expect(streams).toHaveLength(1));
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(streams[0]!.headers.Authorization).toBe('Bearer token-2');
    one.stop();
  });

  it('when the server says reset, or sends an event it does not know or with bad data, then the tabs read everything again and nothing bad is passed on', async () => {
    const one = tab();
    await waitUntil(() => expect(streams).toHaveLength(1));
    streams[0]!.push('event: reset\ndata: {}\n\n');
    streams[0]!.push('id: 9\nevent: something.else\ndata: {}\n\n');
    streams[0]!.push('id: 10\nevent: message.created\ndata: not json\n\n');
    streams[0]!.push(message(11));
    await waitUntil(() => expect(one.events.map((event) => event.id)).toEqual(['11']));
    expect(one.resets).toHaveLength(1);
    one.stop();
  });
});
