import { createSseParser, type SseEvent } from '../../../../shared/live/sse-parser';

/** How a stream ended: `unauthorized` (401: refresh the token), `ended` (the server closed it), or a `failed` request. */
export type StreamEnd = { kind: 'unauthorized' } | { kind: 'ended' } | { kind: 'failed'; status?: number; retryAfterMs?: number };

/**
 * Reads `GET /api/events` with fetch (the bearer goes in a header, which EventSource cannot
 * send), handing each event to `onEvent` until the server ends the stream, it fails, or `signal`
 * aborts it. Resolves with how it ended; an abort resolves `ended`.
 */
export async function readEventStream(options: {
  token: string;
  lastEventId: string | null;
  signal: AbortSignal;
  onOpen: () => void;
  onEvent: (event: SseEvent) => void;
}): Promise<StreamEnd> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${options.token}` };
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  let response: Response;
  try {
    response = await fetch('/api/events', { headers, signal: options.signal, cache: 'no-store' });
  } catch {
    return options.signal.aborted ? { kind: 'ended' } : { kind: 'failed' };
  }
  if (response.status === 401) return { kind: 'unauthorized' };
  if (!response.ok || !response.body) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    return { kind: 'failed', status: response.status, retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined };
  }
  options.onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createSseParser(options.onEvent);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'ended' };
      parse(value);
    }
  } catch {
    return options.signal.aborted ? { kind: 'ended' } : { kind: 'failed' };
  } finally {
    reader.releaseLock();
  }
}
