import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTsx } from '../../support/tsx-process';
import { inspectorOptions, inspectorUrlOf } from './process-memory';

/** The real server started with NODE_ENV=test: its URL, the pid of its node process and its inspector's address. */
export interface TestModeServer {
  url: string;
  pid: number;
  inspector: string;
  stop(): Promise<void>;
}

/**
 * Starts `server/index.ts` as `node --import tsx` (so the pid is the server's own process, not a
 * launcher's) with NODE_ENV=test on a fresh SQLite data folder, and resolves once it listens.
 * Test mode only adds the development tools for loopback clients (the mail outbox, which gives
 * the mailed links, and the test clock) and keeps mail in the outbox; the rest is the production
 * server. Its inspector listens on a loopback port, for memory readings after a forced GC (no
 * session is attached otherwise). `env` adds or overrides variables (limits, token life). A
 * `dataDir` given is used and kept after `stop` (data seeded here for another server to serve).
 */
export async function startTestModeServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<TestModeServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'bench-test-mode-')));
  const server = spawnTsx('server/index.ts', {
    launcher: 'node',
    stdout: 'pipe',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: '',
      SMTP_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      WATCH_SCHEMAS: 'false',
      SEED_DEMO: 'false',
      NODE_OPTIONS: inspectorOptions(),
      ...env,
    },
  });
  const stop = async () => {
    await server.stop();
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const [, url = ''] = await server.waitForStdout(/running at (http:\/\/\S+)/);
    if (server.child.pid === undefined) throw new Error('the server has no pid');
    return { url, pid: server.child.pid, inspector: await inspectorUrlOf(server), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
