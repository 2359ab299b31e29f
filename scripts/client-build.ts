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
  const sources = ['client', 'shared', 'vite.config.ts', 'scripts/precompress-assets.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
}

/** Builds the client into dist/client when it is missing or stale; says so on the console. */
export async function ensureClientBuilt(): Promise<void> {
  if (!clientIsStale()) return;
  console.log('Building the client…');
  // Vite's build sets NODE_ENV=production in this process; the caller's own must survive it.
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
