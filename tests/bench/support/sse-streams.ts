import { Agent, request, type IncomingMessage } from 'node:http';

/** One held `text/event-stream` response, opened over node:http. */
export interface HeldStream {
  /** Ends it from this side (the server sees the socket close). */
  close(): void;
}

/** Keep-alive sockets, as many as the streams held at once. */
export function streamAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: Infinity });
}

/**
 * Opens `GET url` and resolves once the 200 and its headers arrived. Without `onChunk` nothing
 * after the headers is read (the response is paused: what the server writes waits in the socket
 * buffers), as a consumer that stopped reading; with it, each chunk of text is handed over as it
 * arrives.
 */
export function openStream(url: string, headers: Record<string, string>, agent: Agent, onChunk?: (chunk: string) => void): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Accept: 'text/event-stream', ...headers } });
    req.once('error', reject);
    req.once('response', (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url}: ${res.statusCode}`));
        return;
      }
      if (onChunk) {
        res.setEncoding('utf8');
        res.on('data', onChunk);
      } else {
        res.pause();
      }
      // A stream cut later (by this side or the server) is not an error of the opening.
      req.off('error', reject);
      req.on('error', () => undefined);
      resolve({ close: () => req.destroy() });
    });
    req.end();
  });
}

/** Runs `open(i)` for i in 0..count-1, `concurrency` at a time; the streams in order of i. */
export async function openMany(count: number, concurrency: number, open: (i: number) => Promise<HeldStream>): Promise<HeldStream[]> {
  const streams: HeldStream[] = new Array<HeldStream>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      streams[i] = await open(i);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  } catch (error) {
    for (const stream of streams) stream?.close();
    throw error;
  }
  return streams;
}
