import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../scripts/client-build';

let outDir: string | null = null;

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The entry chunk of a build (assets/index-<hash>.js). */
async function indexChunk(dir: string): Promise<string> {
  const name = (await readdir(path.join(dir, 'assets'))).find((file) => /^index-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no index chunk in ${dir}`);
  return readFile(path.join(dir, 'assets', name), 'utf8');
}

describe('buildClient', () => {
  it(
    "when the operator runs with NODE_ENV=development, then the client is still React's production build (precompressed in its own folder), and NODE_ENV is development again afterwards",
    { timeout: 90_000 },
    async () => {
      outDir = await mkdtemp(path.join(tmpdir(), 'client-build-'));
      const before = process.env.NODE_ENV;
      process.env.NODE_ENV = 'development';
      try {
        await buildClient({ outDir });
        expect(process.env.NODE_ENV).toBe('development');
      } finally {
        process.env.NODE_ENV = before;
      }

      const code = await indexChunk(outDir);
      // React's development build carries its warnings; the production build links to its decoder instead.
      expect(code).not.toContain('Invalid hook call');
      expect(code).not.toContain('Each child in a list should have a unique');
      expect(code).toContain('https://react.dev/errors/');
      // The brotli and gzip copies are written beside this build's assets, not the default build's.
      const assets = await readdir(path.join(outDir, 'assets'));
      expect(assets.some((file) => /^index-[\w-]+\.js\.br$/.test(file))).toBe(true);
    },
  );
});
