import { Router, type Response } from 'express';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { withinTime } from '../time-limit';
import { problem } from './problem';

/** What readiness checks: the store, Redis when configured, and whether this instance is stopping. */
export interface HealthDeps {
  database: Database;
  /** Redis when REDIS_URL is set: shared rate limits and live events need it. */
  redis?: { ping(): Promise<void> };
  /** True from the first SIGTERM on (docs/operators.md). */
  draining: () => boolean;
  /** How long one check may take before it counts as failed. */
  checkTimeoutMs?: number;
}

type CheckResult = 'ok' | 'unreachable' | 'not configured';

/** A dependency slower than this is as good as down for a load balancer polling every second or so. */
const DEFAULT_CHECK_TIMEOUT_MS = 1_000;

/** A check's answer within `timeoutMs`: a slow dependency counts as unreachable. */
function within(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  const done = check().then(
    (): CheckResult => 'ok',
    (): CheckResult => 'unreachable',
  );
  return withinTime(done, timeoutMs, (): CheckResult => 'unreachable');
}

function sendJson(res: Response, status: number, body: object, type: string): void {
  res.status(status).set('Cache-Control', 'no-store').type(type).send(JSON.stringify(body));
}

/**
 * `GET /healthz`: the process is up and answering (liveness: restart it when this fails).
 * `GET /readyz`: this instance should get traffic (readiness: the database answers, Redis too
 * when configured, and it is not shutting down). Neither needs a login or counts against a limit.
 */
export function healthRouter(deps: HealthDeps): Router {
  const timeoutMs = deps.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const router = Router();
  router.get('/healthz', (_req, res) => sendJson(res, 200, { status: 'ok' }, 'application/json'));
  router.get('/readyz', async (_req, res) => {
    const [database, redis] = await Promise.all([
      within(() => sql`select 1`.execute(deps.database.db), timeoutMs),
      deps.redis ? within(() => deps.redis!.ping(), timeoutMs) : Promise.resolve<CheckResult>('not configured'),
    ]);
    const checks = { database, redis, draining: deps.draining() };
    const down = [database === 'unreachable' && 'the database', redis === 'unreachable' && 'Redis'].filter(Boolean);
    if (!checks.draining && down.length === 0) return sendJson(res, 200, { status: 'ready', checks }, 'application/json');
    const detail = checks.draining ? 'This instance is shutting down; send new requests to another.' : `Not ready: ${down.join(' and ')} cannot be reached.`;
    sendJson(res, 503, { ...problem(503, 'unavailable', detail), checks }, 'application/problem+json');
  });
  return router;
}
