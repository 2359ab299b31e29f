import { Router } from 'express';
import type { CoreDeps } from '../core/deps';
import { problem, sendProblem } from '../core/http/problem';
import { bearerOf } from '../core/http/require-auth';
import type { LiveHub } from './live-hub';
import { isStoredEvent, latestEventId } from './live.repository';

/** A reconnect's `Last-Event-ID`: an id this server wrote, or nothing. */
const EVENT_ID = /^\d{1,15}$/;

/** How long a browser waits before reconnecting a stream that ended. */
const RETRY_MS = 2_000;

/**
 * `GET /api/events` (README: Live updates): the business's live events as server-sent events,
 * with the bearer in the header (the client reads it with fetch). A reconnect with
 * `Last-Event-ID` is first sent what it missed; one whose id is unknown (older than the store
 * keeps, or not this business's) gets `event: reset` and reads its screens afresh. Either way the
 * first event (`open` or `reset`) carries the id the stream starts from.
 */
export function liveRouter(deps: Pick<CoreDeps, 'authenticate' | 'database' | 'clock'>, hub: LiveHub): Router {
  const router = Router();
  router.get('/api/events', async (req, res) => {
    // The token itself is kept with the stream: its session is checked again while it is open.
    const bearer = bearerOf(req.headers.authorization);
    const caller = bearer ? await deps.authenticate(bearer) : null;
    if (!bearer || !caller) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      return sendProblem(res, problem(401, 'unauthorized', 'Sign in to continue.'));
    }
    const room = hub.room();
    if (room !== 'ok') {
      res.setHeader('Retry-After', '5');
      const detail =
        room === 'stopping'
          ? 'This server is stopping. Try again in a few seconds.'
          : 'This server holds as many live streams as it can. Try again in a few seconds.';
      return sendProblem(res, problem(503, 'busy', detail));
    }
    const asked = req.headers['last-event-id'];
    const lastId = typeof asked === 'string' && EVENT_ID.test(asked.trim()) ? Number(asked.trim()) : null;
    const known = lastId !== null && (await isStoredEvent(deps.database.db, caller.vendorId, lastId));
    const cursor = known ? lastId : await latestEventId(deps.database.db, caller.vendorId);
    if (res.destroyed) return;

    req.socket.setNoDelay(true);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    // The first event names where the stream starts, so a client (and a tab that later takes the
    // stream over) always has an id to resume from: `open`, or `reset` when the asked id was unknown.
    res.write(`retry: ${RETRY_MS}\nid: ${cursor}\nevent: ${asked !== undefined && !known ? 'reset' : 'open'}\ndata: {}\n\n`);
    hub.open(res, caller, bearer, cursor, deps.clock.now());
  });
  return router;
}
