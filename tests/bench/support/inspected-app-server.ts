import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTsx } from '../../support/tsx-process';
import { listenOnLoopback } from './loopback';
import { inspectorOptions, inspectorUrlOf } from './process-memory';

/** The real server in production mode, with the pid of its node process and its inspector's address (for memory readings). */
export interface InspectedAppServer {
  url: string;
  pid: number;
  inspector: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const url = await listenOnLoopback(probe);
  await new Promise((resolve) => probe.close(resolve));
  return Number(new URL(url).port);
}

/**
 * Starts `server/index.ts` with NODE_ENV=production as `startAppServer` does (a copy of
 * `dataDir`, no mail server, schemas not watched, no demo), but as `node --import tsx` so the pid
 * is the server's own process, with its inspector on a loopback port (nothing attaches to it
 * until a memory reading). `env` goes over its environment (DATABASE_URL for PostgreSQL).
 */
export async function startInspectedAppServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<InspectedAppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-app-'));
  if (options.dataDir) await cp(options.dataDir, dataDir, { recursive: true });
  const server = spawnTsx('server/index.ts', {
    launcher: 'node',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      // Production needs an SMTP server; nothing listens here, so mail jobs fail and retry, off the measured paths.
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      WATCH_SCHEMAS: 'false',
      SEED_DEMO: 'false',
      NODE_OPTIONS: inspectorOptions(),
      ...options.env,
    },
  });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { exitCode, signalCode } = server.child;
      if (exitCode !== null || signalCode !== null) throw new Error(`the server exited with ${exitCode ?? signalCode}:\n${server.stderr().slice(-2000)}`);
      const status = await fetch(`${url}/api/config/app`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`${url} did not answer within 120 s:\n${server.stderr().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (server.child.pid === undefined) throw new Error('the server has no pid');
    return { url, pid: server.child.pid, inspector: await inspectorUrlOf(server), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
