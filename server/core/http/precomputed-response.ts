import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrecomputedBody } from './precompute';

/** Whether an If-None-Match header names this body (any of its encodings, weak or strong). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const base = etag.slice(1, -1);
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const opaque = tag.replace(/^"|"$/g, '').replace(/-(?:gz|br)$/, '');
    return opaque === base;
  });
}

/** The best encoding the client accepts (q > 0): br, then gzip, else identity. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (name && (!q || Number(q.trim().slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Writes a precomputed JSON body with `Cache-Control: no-cache`, its ETag, `Vary:
 * Accept-Encoding` and the given static headers; answers 304 to a matching If-None-Match.
 * Uses plain Node calls only: it is the config service's hot path.
 */
export function writePrecomputed(
  req: IncomingMessage,
  res: ServerResponse,
  body: PrecomputedBody,
  staticHeaders: readonly [string, string][],
  contentType = 'application/json; charset=utf-8',
): void {
  for (const [name, value] of staticHeaders) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined);
  // Each encoding is its own representation, so it has its own strong ETag (RFC 9110 §8.8.3).
  const etag = encoding === 'identity' ? body.etag : `${body.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  res.setHeader('ETag', etag);
  if (etagMatches(req.headers['if-none-match'], body.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity;
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
