import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTsx, type TsxProcess } from '../../support/tsx-process';
import { listenOnLoopback } from './loopback';

/** The real server in production mode, on a free port and a data folder of its own. */
export interface AppServer {
  url: string;
  stop(): Promise<void>;
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
export async function startAppServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-app-'));
  if (options.dataDir) await cp(options.dataDir, dataDir, { recursive: true });
  const server = spawnTsx('server/index.ts', {
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
    await waitUntilUp(`${url}/api/config/app`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
