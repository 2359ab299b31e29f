import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A server of a test's own: a copy of schemas/ it may edit, watched, with its own data folder. */
export interface OwnServer {
  url: string;
  schemasDir: string;
  stop(): Promise<void>;
}

/** Starts `server/index.ts` on `port` over a private copy of the schemas (hot reload on). */
export async function startOwnServer(port: number): Promise<OwnServer> {
  const work = await mkdtemp(path.join(tmpdir(), 'e2e-own-'));
  const schemasDir = path.join(work, 'schemas');
  await cp(path.join(root, 'schemas'), schemasDir, { recursive: true });
  // Its own process group, so stop() ends the server and not only the launcher in front of it.
  const child: ChildProcess = spawn('npx', ['tsx', 'server/index.ts'], {
    cwd: root,
    detached: true,
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 30 s')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Vendor dashboard running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${stderr.slice(-2000)}`)));
  });
  return {
    url,
    schemasDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
      await rm(work, { recursive: true, force: true });
    },
  };
}
