import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { problem, sendProblem } from './problem';
import { authOf } from './require-auth';

const KEY = /^[\x21-\x7e]{1,255}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

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
 * `Idempotency-Key` on a state-changing POST (README: Marketplace; Stripe's rules and the IETF
 * draft's codes): the first request with a key runs and its answer is kept for 24 hours; the
 * same key with the same body answers that answer again without doing anything twice; with
 * another body, 422; while the first is still running, 409. A server error is not kept, so a
 * retry runs again (the failed change was rolled back). Keys belong to the signed-in user.
 * Mount after `requireAuth`.
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
    const fingerprint = createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n${canonical(req.body ?? null)}`).digest('hex');
    const now = deps.clock.now();
    await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
    try {
      await db.insertInto('idempotency_keys').values({ scope, key, fingerprint, state: 'running', status: null, body: null, created_at: now, expires_at: now + KEEP_MS }).execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      if (!first) return sendProblem(res, problem(409, 'conflict', 'A request with this Idempotency-Key is still being processed. Try again in a moment.'));
      if (first.fingerprint !== fingerprint) {
        return sendProblem(res, problem(422, 'idempotency-mismatch', 'This Idempotency-Key was already used with another request. Use a new key for a new request.'));
      }
      if (first.state === 'running' || first.status === null || first.body === null) {
        res.setHeader('Retry-After', '1');
        return sendProblem(res, problem(409, 'conflict', 'A request with this Idempotency-Key is still being processed. Try again in a moment.'));
      }
      const saved = JSON.parse(first.body) as { contentType: string | null; body: string };
      res.status(first.status);
      if (saved.contentType) res.setHeader('Content-Type', saved.contentType);
      res.setHeader('Idempotent-Replayed', 'true');
      res.setHeader('Cache-Control', 'no-store');
      return res.end(saved.body);
    }

    // The answer is kept before it leaves, so a retry that races the response finds it.
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    let kept = false;
    res.end = ((...args: unknown[]) => {
      if (kept) return end(...args);
      kept = true;
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
