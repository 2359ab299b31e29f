import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** Whether dist/client is missing or older than any of the client's sources. */
export function clientIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const sources = ['client', 'shared', 'vite.config.ts', 'scripts/precompress-assets.ts', 'scripts/prerender-sign-in.tsx', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

/**
 * Builds the client for production into `outDir` (dist/client unless given), whatever NODE_ENV
 * this process runs with: Vite takes NODE_ENV over its mode, so `NODE_ENV=development npm start`
 * would otherwise ship React's development build. The caller's NODE_ENV is put back afterwards,
 * for the server that starts next.
 */
export async function buildClient(options: { outDir?: string } = {}): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      ...(options.outDir ? { build: { outDir: options.outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds the client into dist/client when it is missing or stale; says so on the console. */
export async function ensureClientBuilt(): Promise<void> {
  if (!clientIsStale()) return;
  console.log('Building the client…');
  await buildClient();
}
