import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTsx, type TsxProcess } from '../../support/tsx-process';
import { listenOnLoopback } from './loopback';
import { inspectorOptions, inspectorUrlOf } from './process-memory';

/** The real server in production mode, on a free port and a data folder of its own. */
export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

/** The same, with the pid of its node process and its inspector's address (for memory readings). */
export interface InspectedAppServer extends AppServer {
  pid: number;
  inspector: string;
}

interface AppServerOptions {
  dataDir?: string;
  env?: Record<string, string>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const url = await listenOnLoopback(probe);
  await new Promise((resolve) => probe.close(resolve));
  return Number(new URL(url).port);
}

/** Polls `url` until it answers 200; fails when the server exits first or after `timeoutMs`. */
async function waitUntilUp(url: string, server: TsxProcess, timeoutMs = 60_000): Promise<void> {
  const { child } = server;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${server.stderr().slice(-2000)}`);
    }
    const status = await fetch(url).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${server.stderr().slice(-2000)}`);
}

/**
 * Starts `server/index.ts` with NODE_ENV=production on a fresh data folder (or a copy of one
 * given, removed afterwards as well), with `env` over its environment; resolves once it serves.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const { url, stop } = await launch(options);
  return { url, stop };
}

/**
 * The same server as `node --import tsx`, so the pid is the server's own process, with its
 * inspector on a loopback port (nothing attaches to it until a memory reading), on SQLite without
 * Redis unless `env` says otherwise (DATABASE_URL for PostgreSQL).
 */
export async function startInspectedAppServer(options: AppServerOptions = {}): Promise<InspectedAppServer> {
  const { url, stop, server } = await launch(
    { ...options, env: { DATABASE_URL: '', REDIS_URL: '', NODE_OPTIONS: inspectorOptions(), ...options.env } },
    { launcher: 'node' },
  );
  try {
    if (server.child.pid === undefined) throw new Error('the server has no pid');
    return { url, stop, pid: server.child.pid, inspector: await inspectorUrlOf(server) };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function launch(options: AppServerOptions, spawn: { launcher?: 'node' } = {}): Promise<AppServer & { server: TsxProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-app-'));
  if (options.dataDir) await cp(options.dataDir, dataDir, { recursive: true });
  const server = spawnTsx('server/index.ts', {
    ...spawn,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      // Production needs an SMTP server; nothing listens here, so mail jobs fail and retry, off the measured paths.
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: dataDir,
      WATCH_SCHEMAS: 'false',
      SEED_DEMO: 'false',
      ...options.env,
    },
  });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${url}/api/config/app`, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, server };
}
