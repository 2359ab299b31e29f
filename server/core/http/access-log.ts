import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';

/** Longer path segments are signed links and tokens (a customer's link, a reset link), never ids: kept out of the log. */
const LONGEST_LOGGED_SEGMENT = 40;

/** The path of `url` as it may be logged: no query string, no secret-bearing segment. */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path
    .split('/')
    .map((segment) => (segment.length > LONGEST_LOGGED_SEGMENT ? ':token' : segment))
    .join('/');
}

/** Logs one line for `req` once its response has ended: method, path, status, duration (and `aborted` when the client left first). */
export function logWhenDone(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const startedAt = process.hrtime.bigint();
  // Read now: routers mounted under a prefix rewrite req.url as they pass it on.
  const path = loggablePath(req.url);
  res.once('close', () => {
    const durationMs = Math.round(Number(process.hrtime.bigint() - startedAt) / 100_000) / 10;
    logger.info('request', {
      method: req.method,
      path,
      status: res.statusCode,
      durationMs,
      ...(res.writableFinished ? {} : { aborted: true }),
    });
  });
}
