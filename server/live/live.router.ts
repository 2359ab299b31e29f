import { Router, type Response } from 'express';
import type { CoreDeps } from '../core/deps';
import { problem, sendProblem } from '../core/http/problem';
import { addressKey } from '../core/http/rate-limits';
import { bearerOf } from '../core/http/require-auth';
import type { LiveHub, LiveRoom } from './live-hub';
import { isStoredEvent, latestEventId } from './live.repository';

/** A reconnect's `Last-Event-ID`: an id this server wrote, or nothing. */
const EVENT_ID = /^\d{1,15}$/;

/** How long a browser waits before reconnecting a stream that ended. */
const RETRY_MS = 2_000;
/** How long a stream refused because its business or address holds its most waits before trying again. */
const CROWDED_RETRY_SECONDS = 60;

/** Answers a stream that may not open here now (429 for its business or address, 503 for the instance); false when it may. */
function refused(res: Response, room: LiveRoom): boolean {
  if (room === 'ok') return false;
  if (room === 'business-full' || room === 'address-full') {
    // A business's people each hold one stream per browser: this many is a leak or an attack, not a team.
    res.setHeader('Retry-After', String(CROWDED_RETRY_SECONDS));
    const whose = room === 'business-full' ? 'Your business has' : 'Your network has';
    sendProblem(
      res,
      problem(429, 'rate-limited', `${whose} as many live update streams open as it may. Close a few tabs or devices; this page tries again in a minute.`),
    );
    return true;
  }
  res.setHeader('Retry-After', '5');
  const detail =
    room === 'stopping'
      ? 'This server is stopping. Try again in a few seconds.'
      : 'This server holds as many live streams as it can. Try again in a few seconds.';
  sendProblem(res, problem(503, 'busy', detail));
  return true;
}

/**
 * `GET /api/events` (docs/live-updates.md): the business's live events as server-sent events,
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
    const address = addressKey(req);
    if (refused(res, hub.room(caller, address))) return;
    const asked = req.headers['last-event-id'];
    const lastId = typeof asked === 'string' && EVENT_ID.test(asked.trim()) ? Number(asked.trim()) : null;
    const known = lastId !== null && (await isStoredEvent(deps.database.db, caller.vendorId, lastId));
    const cursor = known ? lastId : await latestEventId(deps.database.db, caller.vendorId);
    if (res.destroyed) return;
    // Asked again: other streams may have opened while the store was read.
    if (refused(res, hub.room(caller, address))) return;

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
    hub.open(res, caller, bearer, address, cursor, deps.clock.now());
  });
  return router;
}
