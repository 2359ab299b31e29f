import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSseParser, type SseEvent } from '../../../shared/live/sse-parser';
import { TIME_LIMITS } from '../time-limits';
import type { TestContext } from './test-app';

/** One server-sent event as a stream received it. */
export type ReceivedEvent = SseEvent;

/** An open `GET /api/events`: what it received so far, a wait for the next that matches, and its end. */
export interface OpenStream {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Resolves with the first received event (from the start) that matches, or rejects after `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Comment lines (heartbeats) received. */
  readonly comments: number;
  close(): void;
}

const listeners = new WeakMap<TestContext, Promise<{ server: Server; url: string }>>();

/** The context's app on a real port (a stream needs a live socket; supertest waits for the end). */
export function listenOf(ctx: TestContext): Promise<{ server: Server; url: string }> {
  let listening = listeners.get(ctx);
  if (!listening) {
    listening = new Promise((resolve) => {
      const server = createServer(ctx.app);
      server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
    });
    listeners.set(ctx, listening);
  }
  return listening;
}

/** Stops the context's listener (open streams are cut). */
export async function stopListening(ctx: TestContext): Promise<void> {
  const listening = listeners.get(ctx);
  if (!listening) return;
  const { server } = await listening;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  listeners.delete(ctx);
}

/** Opens `GET /api/events` with this bearer (and `Last-Event-ID`, and any other `extra` headers), reading it as a browser would. */
export async function openStream(ctx: TestContext, accessToken: string | null, lastEventId?: string, extra: Record<string, string> = {}): Promise<OpenStream> {
  return openStreamAt((await listenOf(ctx)).url, accessToken, lastEventId, extra);
}

/** The same on a server at this origin (`http://127.0.0.1:port`), such as a real server process. */
export async function openStreamAt(url: string, accessToken: string | null, lastEventId?: string, extra: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...extra };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(`${url}/api/events`, { headers, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const waiting = new Set<() => void>();
  let comments = 0;
  const parse = createSseParser(
    (event) => {
      events.push(event);
      for (const wake of waiting) wake();
    },
    () => void (comments += 1),
  );
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parse(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // Closed by this side.
    }
    for (const wake of waiting) wake();
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    get comments() {
      return comments;
    },
    next(match, timeoutMs = TIME_LIMITS.waitMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiting.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiting.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended without the event; it had: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; the stream had: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
