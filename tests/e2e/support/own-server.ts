import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT as root, spawnTsx } from '../../support/tsx-process';
import { test } from './test';

/** A server of a test's own: a copy of schemas/ it may edit, watched, with its own data folder. */
export interface OwnServer {
  url: string;
  schemasDir: string;
  /** Every line the server wrote so far, stdout and stderr (its JSON log). */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * A server of this spec's (or this describe block's) own on `port`, for tests that move its clock or
 * edit its schemas: started before the first test, stopped after the last, and the tests' `baseURL`.
 * `env` adds to or overrides the server's environment. The answer's fields are read once it started.
 */
export function useOwnServer(port: number, env: NodeJS.ProcessEnv = {}): OwnServer {
  let server: OwnServer | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    server = await startOwnServer(port, env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = (): OwnServer => {
    if (!server) throw new Error(`the server on port ${port} did not start (see beforeAll)`);
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get schemasDir() {
      return started().schemasDir;
    },
    logs: () => started().logs(),
    stop: () => started().stop(),
  };
}

/** Starts `server/index.ts` on `port` over a private copy of the schemas (hot reload on). */
async function startOwnServer(port: number, env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const work = await mkdtemp(path.join(tmpdir(), 'e2e-own-'));
  const schemasDir = path.join(work, 'schemas');
  await cp(path.join(root, 'schemas'), schemasDir, { recursive: true });
  const server = spawnTsx('server/index.ts', {
    launcher: 'node',
    stdout: 'pipe',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SCHEMAS_DIR: schemasDir,
      WATCH_SCHEMAS: 'true',
      DATA_DIR: path.join(work, 'data'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await server.waitForStdout(/Vendor dashboard running/, 30_000);
  return {
    url,
    schemasDir,
    logs: () => `${server.stdout()}\n${server.stderr()}`,
    async stop() {
      await server.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
