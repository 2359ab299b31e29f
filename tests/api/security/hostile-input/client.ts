import { Agent, request } from 'node:http';

/** A request as the corpus sends it: the raw path (already escaped as it should go on the wire), headers and body bytes. */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body chunked, without a Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (at most MAX_BODY_BYTES; none for an event stream, which is left at its headers). */
  text: string;
  /** The connection failed before an answer: the reason. */
  failure?: string;
}

const MAX_BODY_BYTES = 1 << 20;

/**
 * A client that sends exactly what it is given, over kept-alive connections to one port: no
 * path normalising, no body encoding, a body that the server refuses half-read is no error of
 * the client's. An answer that does not come within `timeoutMs` is a failure.
 */
export function createRawClient(port: number, timeoutMs = 10_000) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  function send(req: RawRequest): Promise<RawResponse> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (response: RawResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(response);
      };
      const headers: Record<string, string> = { ...req.headers };
      if (req.body && !req.chunked) headers['Content-Length'] = String(req.body.length);
      if (req.chunked) headers['Transfer-Encoding'] = 'chunked';
      const outgoing = request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent }, (res) => {
        const type = String(res.headers['content-type'] ?? '');
        if (type.startsWith('text/event-stream')) {
          finish({ status: res.statusCode ?? 0, headers: res.headers, text: '' });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) =>
          finish({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), failure: error.message }),
        );
      });
      // A server may answer (413, 415) before it has read the body, then close: the answer counts.
      outgoing.on('error', (error) => finish({ status: 0, headers: {}, text: '', failure: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` }));
      const timer = setTimeout(() => {
        finish({ status: 0, headers: {}, text: '', failure: `no answer within ${timeoutMs} ms` });
        outgoing.destroy();
      }, timeoutMs);
      if (req.body) outgoing.write(req.body);
      outgoing.end();
    });
  }
  return { send, close: () => agent.destroy() };
}
