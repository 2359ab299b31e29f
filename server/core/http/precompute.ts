import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A JSON response body prepared once per load: its bytes, compressed variants and strong ETag. */
export interface PrecomputedBody {
  /** Strong ETag of the identity body; encoded variants append `-gz` / `-br`. */
  readonly etag: string;
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

/**
 * Serialises `value` (as JSON, or a string as it is with `raw`) with its ETag; each compressed
 * variant is made the first time it is asked for, then kept. Compressing every form of a load at
 * once (brotli at its best quality) was most of a schema load's time, so of every start and hot
 * reload, for variants most of which no client asks for before the next load.
 */
export function precompute(value: unknown, encoding: 'json' | 'raw' = 'json'): PrecomputedBody {
  const identity = Buffer.from(encoding === 'raw' ? String(value) : JSON.stringify(value));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    etag: `"${hash}"`,
    identity,
    get gzip() {
      return (gzip ??= gzipSync(identity, { level: 9 }));
    },
    get br() {
      return (br ??= brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }));
    },
  };
}
