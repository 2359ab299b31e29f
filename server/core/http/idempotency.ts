import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { problem, sendProblem } from './problem';
import { authOf } from './require-auth';

const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a key's first answer is kept: the same key after that is a new request. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

/** How long a running key is its process's without a renewal: a process that died holds it no longer. */
export const IDEMPOTENCY_LEASE_MS = 60_000;
const RENEW_EVERY_MS = IDEMPOTENCY_LEASE_MS / 3;

function stillRunning(res: Parameters<RequestHandler>[1]) {
  res.setHeader('Retry-After', '1');
  return sendProblem(res, problem(409, 'conflict', 'A request with this Idempotency-Key is still being processed. Try again in a moment.'));
}

/** JSON with sorted keys, so the same body sent with its keys in another order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on a state-changing POST (docs/marketplace.md; Stripe's rules and the IETF
 * draft's codes): the first request with a key runs and its answer is kept for 24 hours; the
 * same key with the same body answers that answer again without doing anything twice; with
 * another body, 422; while the first is still running, 409. A server error is not kept, so a
 * retry runs again (the failed change was rolled back). A running key is held on a lease of
 * IDEMPOTENCY_LEASE_MS, renewed while its request runs: when the process running it died, the
 * retry after the lease runs the request again (each use case's own guarantees, a conditional
 * statement or a unique key, keep the work from being done twice) and gets a final answer.
 * Keys belong to the signed-in user. Mount after `requireAuth`.
 */
export function idempotent(deps: { database: Pick<Database, 'db'>; clock: Clock }): RequestHandler {
  const { db } = deps.database;
  return async (req, res, next) => {
    const key = req.get('Idempotency-Key');
    if (key === undefined) return next();
    if (!KEY.test(key)) {
      return sendProblem(res, problem(400, 'validation-failed', 'The Idempotency-Key header must be 1 to 255 visible characters.'));
    }
    const scope = authOf(res).userId;
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.baseUrl}${req.path}\n${canonical(req.body ?? null)}`)
      .digest('hex');
    const now = deps.clock.now();
    await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          scope,
          key,
          fingerprint,
          state: 'running',
          status: null,
          body: null,
          created_at: now,
          lease_until: now + IDEMPOTENCY_LEASE_MS,
          expires_at: now + IDEMPOTENCY_KEEP_MS,
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      if (!first) return stillRunning(res);
      if (first.fingerprint !== fingerprint) {
        return sendProblem(
          res,
          problem(422, 'idempotency-mismatch', 'This Idempotency-Key was already used with another request. Use a new key for a new request.'),
        );
      }
      if (first.state === 'running') {
        if (Number(first.lease_until) > now) return stillRunning(res);
        // Its process died (nothing renewed the lease): this request takes the key over, unless
        // another retry took it first.
        const taken = await db
          .updateTable('idempotency_keys')
          .set({ lease_until: now + IDEMPOTENCY_LEASE_MS })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where('state', '=', 'running')
          .where('lease_until', '=', first.lease_until)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return stillRunning(res);
      } else {
        if (first.status === null || first.body === null) return stillRunning(res);
        const saved = JSON.parse(first.body) as { contentType: string | null; body: string };
        res.status(first.status);
        if (saved.contentType) res.setHeader('Content-Type', saved.contentType);
        res.setHeader('Idempotent-Replayed', 'true');
        res.setHeader('Cache-Control', 'no-store');
        return res.end(saved.body);
      }
    }

    // The lease is renewed while the request runs, and no longer once it has answered or its client left.
    const renewal = setInterval(() => {
      db.updateTable('idempotency_keys')
        .set({ lease_until: deps.clock.now() + IDEMPOTENCY_LEASE_MS })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('state', '=', 'running')
        .execute()
        // A renewal that fails only lets the lease run out sooner: a retry may then run the request again, which its use case allows.
        .catch(() => {});
    }, RENEW_EVERY_MS);
    renewal.unref();
    res.once('close', () => clearInterval(renewal));

    // The answer is kept before it leaves, so a retry that races the response finds it.
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let kept = false;
    res.end = ((...args: unknown[]) => {
      if (kept) return end(...args);
      kept = true;
      clearInterval(renewal);
      const [chunk] = args;
      const body = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
      const contentType = res.getHeader('Content-Type');
      const done =
        res.statusCode >= 500
          ? db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute()
          : db
              .updateTable('idempotency_keys')
              .set({ state: 'done', status: res.statusCode, body: JSON.stringify({ contentType: typeof contentType === 'string' ? contentType : null, body }) })
              .where('scope', '=', scope)
              .where('key', '=', key)
              .execute();
      done.then(
        () => end(...args),
        () => end(...args),
      );
      return res;
    }) as typeof res.end;
    next();
  };
}
