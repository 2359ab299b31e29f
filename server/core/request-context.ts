import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What every log line written while a request is handled carries. */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** A request id a proxy in front may pass on (nginx's `$request_id`, a load balancer's trace id): short, and nothing a log reader could mistake. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of this request: the one `X-Request-Id` brings when it looks like one, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** Runs `fn` (and everything it starts: awaits, events, subscribers) as the handling of request `requestId`. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
