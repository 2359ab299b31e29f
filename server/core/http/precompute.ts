import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A JSON response body prepared once per load: its bytes, compressed variants and strong ETag. */
export interface PrecomputedBody {
  /** Strong ETag of the identity body; encoded variants append `-gz` / `-br`. */
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Serialises `value` (as JSON, or a string as it is with `raw`) and prepares its compressed variants and ETag. */
export function precompute(value: unknown, encoding: 'json' | 'raw' = 'json'): PrecomputedBody {
  const identity = Buffer.from(encoding === 'raw' ? String(value) : JSON.stringify(value));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    etag: `"${hash}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}
