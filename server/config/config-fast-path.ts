import type { IncomingMessage, ServerResponse } from 'node:http';
import { problem, sendProblem } from '../core/http/problem';
import { writePrecomputed } from '../core/http/precomputed-response';
import type { PrecomputedBody } from '../core/http/precompute';
import type { ConfigSnapshot } from './schema-store/snapshot';

const PREFIX = '/api/config/';
const FORMS = 'forms/';

function bodyFor(snapshot: ConfigSnapshot, name: string): PrecomputedBody | null | undefined {
  switch (name) {
    case 'app':
      return snapshot.bodies.app;
    case 'routes':
      return snapshot.bodies.routes;
    case 'categories':
      return snapshot.bodies.categories;
    case 'plans':
      return snapshot.bodies.plans;
    default:
      // forms/<id>/validator.js and the like are Express's.
      if (!name.startsWith(FORMS) || name.indexOf('/', FORMS.length) !== -1) return undefined;
      return snapshot.bodies.forms.get(decodeURIComponent(name.slice(FORMS.length))) ?? null;
  }
}

/**
 * The config GETs, answered before Express: every body is precomputed per load, so the work
 * per request is a lookup, an ETag compare and a write. Returns false for anything else.
 */
export function createConfigFastPath(current: () => ConfigSnapshot, headers: readonly [string, string][]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const query = url.indexOf('?');
    const name = url.slice(PREFIX.length, query === -1 ? undefined : query);
    let body: PrecomputedBody | null | undefined;
    try {
      body = bodyFor(current(), name);
    } catch {
      body = null;
    }
    if (body === undefined) return false;
    if (body === null) {
      for (const [header, value] of headers) res.setHeader(header, value);
      sendProblem(res, problem(404, 'not-found', `No form with id "${name.slice(FORMS.length)}"`));
      return true;
    }
    writePrecomputed(req, res, body, headers);
    return true;
  };
}
