import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnProcessGroup, type TsxProcess } from '../../support/tsx-process';
import { connectionRefused, registration, startRegistration } from './slow-request';

let npm: TsxProcess | undefined;
let work: string | undefined;

afterEach(async () => {
  await npm?.stop();
  if (work) await rm(work, { recursive: true, force: true });
  npm = undefined;
  work = undefined;
});

/** `npm start` in a process group of its own; CLIENT_DIR elsewhere, so that it builds nothing. */
async function startNpm(): Promise<{ port: number; pid: number; npm: TsxProcess }> {
  work = await mkdtemp(path.join(tmpdir(), 'npm-start-'));
  npm = spawnProcessGroup('npm', ['start'], {
    stdout: 'pipe',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(work, 'data'),
      CLIENT_DIR: path.join(work, 'no-client'),
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      WATCH_SCHEMAS: 'false',
      RATE_LIMIT_PER_IP: '1000',
    },
  });
  const [, port] = await npm.waitForStdout(/running at http:\/\/127\.0\.0\.1:(\d+)/, 30_000);
  return { port: Number(port), pid: npm.child.pid!, npm };
}

/** Resolves once npm and every process holding its stdout and stderr (the server above all) have exited. */
function nothingLeft(process: TsxProcess, timeoutMs = 10_000): Promise<string> {
  return Promise.race([
    process.closed.then(() => 'nothing left'),
    new Promise<string>((resolve) => setTimeout(() => resolve(`a process npm started still runs ${timeoutMs / 1000} s later`), timeoutMs).unref()),
  ]);
}

describe('npm start', () => {
  it("when only npm's pid gets SIGTERM with a sign-up uploading, then the server drains it and npm exits 0 with nothing left behind", async () => {
    const { port, pid, npm } = await startNpm();
    const upload = await startRegistration(port, registration(0));

    process.kill(pid, 'SIGTERM');
    await npm.waitForStdout(/"message":"shutting down","signal":"SIGTERM","inFlight":1\b/, 10_000);
    upload.finish();

    expect(await upload.answer).toEqual({ status: 201, connection: 'close' });
    expect(await npm.exited).toBe(0);
    expect(await nothingLeft(npm)).toBe('nothing left');
    expect(await connectionRefused(port)).toBe(true);
  }, 40_000);

  it('when the whole process group gets SIGTERM with a sign-up uploading, then it completes and everything exits 0', async () => {
    const { port, pid, npm } = await startNpm();
    const upload = await startRegistration(port, registration(1));

    process.kill(-pid, 'SIGTERM');
    await npm.waitForStdout(/"message":"shutting down"/, 10_000);
    upload.finish();

    expect(await upload.answer).toEqual({ status: 201, connection: 'close' });
    expect(await npm.exited).toBe(0);
    expect(await nothingLeft(npm)).toBe('nothing left');
  }, 40_000);

  it('when npm is killed outright (SIGKILL), then the server sees its parent gone and shuts down by itself', async () => {
    const { port, pid, npm } = await startNpm();

    process.kill(pid, 'SIGKILL');

    expect(await nothingLeft(npm)).toBe('nothing left');
    expect(npm.stderr()).toMatch(/"message":"launcher exited; stopping"/);
    expect(npm.stdout()).toMatch(/"message":"shutdown complete"/);
    expect(await connectionRefused(port)).toBe(true);
  }, 40_000);
});
