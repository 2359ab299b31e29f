import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompute } from '../../../server/core/http/precompute';

describe('precompute', () => {
  it('when a body is precomputed, then its gzip and brotli variants hold the same bytes, made once and kept', () => {
    const body = precompute({ routes: Array.from({ length: 50 }, (_, i) => ({ path: `/page-${i}` })) });

    expect(gunzipSync(body.gzip).equals(body.identity)).toBe(true);
    expect(brotliDecompressSync(body.br).equals(body.identity)).toBe(true);
    expect(body.br.length).toBeLessThan(body.identity.length);
    expect(body.gzip).toBe(body.gzip);
    expect(body.br).toBe(body.br);
    expect(body.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });
});
