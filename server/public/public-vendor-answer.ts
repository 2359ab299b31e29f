import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageCache } from './public-pages-cache';
import type { PublicDeps } from './public.deps';
import { findPublicVendor, vendorIdOf } from './public-vendor.service';

/** `GET /api/public/vendors/:adminId`'s 200 answer as sent: the bytes of `{ data: PublicVendor }` and their ETag (Express's own, weak). */
export interface VendorAnswer {
  body: Buffer;
  etag: string;
}

/** The answers of the profile's JSON, kept as the public pages are (same period, dropped by the same events), keyed by the business's id. */
export type VendorAnswerCache = PageCache<VendorAnswer | null>;

/** Public data may sit in shared caches for a minute (the API's default is no-store). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

const API_PATH = /^\/api\/public\/vendors\/([^/?#]+)\/?(?:\?.*)?$/;

/** Express's weak ETag of a body (the `etag` package's: length in hex, then 27 characters of its SHA-1 in base64), so both paths send the same. */
const weakEtag = (body: Buffer) => `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;

/** Whether an If-None-Match header names `tag`, compared weakly (as Express's `req.fresh`). */
const matches = (header: string | undefined, tag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((raw) => raw.trim().replace(/^W\//, '') === tag.replace(/^W\//, '')));

/**
 * The business's public profile as the API sends it, rendered once per cache period when a
 * cache is given; null for what `findPublicVendor` would not show (the router's 404).
 */
export function vendorAnswer(deps: PublicDeps, cache: VendorAnswerCache | null, adminId: string): Promise<VendorAnswer | null> {
  const id = vendorIdOf(adminId);
  if (id === null) return Promise.resolve(null);
  const render = async (): Promise<VendorAnswer | null> => {
    const vendor = await findPublicVendor(deps, id);
    if (!vendor) return null;
    const body = Buffer.from(JSON.stringify({ data: vendor }));
    return { body, etag: weakEtag(body) };
  };
  return cache ? cache.get(id, id, render) : render();
}

/**
 * `GET /api/public/vendors/:adminId` answered before Express when the cache holds its answer
 * (docs/benchmarks.md): the API's security headers (captured once), the route's Cache-Control,
 * the same ETag and 304. Returns false for anything else (another path, not kept, a 404).
 */
export function createVendorAnswerFastPath(cache: VendorAnswerCache, headers: readonly [string, string][]) {
  const fixed = headers.filter(([name]) => name.toLowerCase() !== 'cache-control');
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith('/api/public/vendors/')) return false;
    const param = API_PATH.exec(url)?.[1];
    let id: string | null = null;
    try {
      id = param === undefined ? null : vendorIdOf(decodeURIComponent(param));
    } catch {
      return false;
    }
    const answer = id === null ? null : cache.peek(id);
    if (!answer) return false;
    for (const [name, value] of fixed) res.setHeader(name, value);
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('ETag', answer.etag);
    if (matches(req.headers['if-none-match'], answer.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', answer.body.length);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    return true;
  };
}
