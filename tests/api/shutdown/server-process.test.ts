import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request, type ClientRequest } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { call, listeningPort, spawnServer, statusOf } from '../../support/api/real-server';
import type { TsxProcess } from '../../support/tsx-process';
import { connectionRefused, registration, startRegistration, type SlowRequest } from './slow-request';

let server: TsxProcess | undefined;
let work: string | undefined;

afterEach(async () => {
  await server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
  server = undefined;
  work = undefined;
});

/** The real server on a free port and a data folder of its own. */
async function startServer(env: NodeJS.ProcessEnv = {}): Promise<{ port: number; pid: number }> {
  const pid = await spawnOwnServer(env);
  return { port: await listeningPort(server!, 30_000), pid };
}

/** Spawns the server as {@link startServer} does, without waiting for it to listen. */
async function spawnOwnServer(env: NodeJS.ProcessEnv = {}): Promise<number> {
  work = await mkdtemp(path.join(tmpdir(), 'shutdown-'));
  server = spawnServer({ DATA_DIR: path.join(work, 'data'), CLIENT_DIR: path.join(work, 'no-client'), RATE_LIMIT_PER_IP: '1000', ...env });
  return server.child.pid!;
}

/** A TCP server that accepts connections and never answers: a PostgreSQL that does not respond. Resolves `connected` at the first connection. */
async function silentDatabase(): Promise<{ url: string; connected: Promise<void>; close(): void }> {
  const sockets: Socket[] = [];
  let onConnection = () => {};
  const connected = new Promise<void>((resolve) => (onConnection = resolve));
  const listener: Server = createServer((socket) => {
    sockets.push(socket);
    onConnection();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `postgres://vowly@127.0.0.1:${port}/vowly`,
    connected,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      listener.close();
    },
  };
}

/** A keep-alive connection that has served one request and now sits idle in the agent. */
async function idleKeepAliveSocket(port: number): Promise<Socket> {
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request({ host: '127.0.0.1', port, path: '/api/config/app', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(req.socket as Socket));
    });
    req.on('error', reject).end();
  });
}

/** The status of `GET path` through `agent` (a kept-alive connection when it holds one), or the network error. */
function statusVia(agent: Agent, port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)).end();
  });
}

/** A sign-up: the status, or the network error (a reset); never a rejection. */
const register = async (port: number, body: object) => statusOf(await call(port, 'POST', '/api/register', body));

describe('the server process', () => {
  it('when 50 sign-ups are sent in the 20 ms before two SIGTERMs, then all 50 are answered 201 and stored, readiness fails at once, and it exits 0', async () => {
    // A lame-duck period longer than the default 2 s: on a machine loaded past its cores the
    // server may take that long just to accept what the kernel queued for it.
    const { port, pid } = await startServer({ LOG_REQUESTS: 'true', SHUTDOWN_LAME_DUCK_MS: '5000' });
    // The balancer's health check keeps its connection open, as most do: after the signal its next
    // check is read on that connection, whenever the loaded server would get to accepting a new one.
    const balancer = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await statusVia(balancer, port, '/readyz')).toBe(200);

    const sent: Promise<number | string>[] = [];
    await new Promise<void>((resolve) => {
      for (let i = 0; i < 50; i += 1) setTimeout(() => sent.push(register(port, registration(i))), Math.floor((i * 20) / 50));
      setTimeout(resolve, 20);
    });
    process.kill(pid, 'SIGTERM');
    process.kill(pid, 'SIGTERM');
    // In the lame-duck period the server still answers, and tells a load balancer to go elsewhere
    // (asked once it has taken the signal, which reaches it on its own time).
    await server!.waitForStdout(/"message":"shutting down"/, 10_000);
    const readiness = await statusVia(balancer, port, '/readyz');
    balancer.destroy();
    const answers = await Promise.all(sent);

    expect(readiness).toBe(503);
    expect(answers).toEqual(Array.from({ length: 50 }, () => 201));
    expect(await server!.exited).toBe(0);
    expect(await connectionRefused(port)).toBe(true);
    const stored = new Database(path.join(work!, 'data', 'vowly.sqlite'), { readonly: true });
    try {
      const { count } = stored.prepare("select count(*) as count from users where email like 'drain-%'").get() as { count: number };
      expect(count).toBe(50);
    } finally {
      stored.close();
    }
    // Each answered request left one line, with its own id.
    const logged = server!
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"message":"request"') && line.includes('"path":"/api/register"'))
      .map((line) => JSON.parse(line) as { requestId: string; status: number; method: string });
    expect(logged).toHaveLength(50);
    expect(new Set(logged.map((line) => line.requestId)).size).toBe(50);
    expect(logged.every((line) => line.method === 'POST' && line.status === 201)).toBe(true);
    console.log(`drain: ${answers.filter((answer) => answer === 201).length} of 50 sign-ups sent in the 20 ms before SIGTERM answered 201 and stored`);
  }, 60_000);

  it('when it gets SIGTERM twice (a process-group stop) with 20 sign-ups uploading, then all 20 complete with Connection: close and it exits 0', async () => {
    const { port, pid } = await startServer();
    const idle = await idleKeepAliveSocket(port);
    const idleClosed = once(idle, 'close');
    // Headers accepted (100 Continue) and half of each body sent: in flight until the test sends the rest.
    const uploads: SlowRequest[] = await Promise.all(Array.from({ length: 20 }, (_, i) => startRegistration(port, registration(i))));

    process.kill(pid, 'SIGTERM');
    await idleClosed;
    expect(await connectionRefused(port)).toBe(true);

    process.kill(pid, 'SIGTERM');
    const second = await Promise.race([
      server!.waitForStdout(/"message":"already shutting down","signal":"SIGTERM","inFlight":20\b/).then(() => 'logged'),
      server!.exited.then((code) => `exited with ${code}`),
    ]);
    // Soft, so that on failure the answers below show what the second signal did to the uploads.
    expect.soft(second).toBe('logged');

    for (const upload of uploads) upload.finish();
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 201, connection: 'close' })));
    expect(await server!.exited).toBe(0);
    expect(server!.stdout()).toMatch(/"message":"shutdown complete"/);
  }, 40_000);

  it('when it gets SIGTERM twice while its database does not answer at start-up, then it is not killed by the signal: both are logged, and it exits 1 once the 10 s bound passes', async () => {
    const database = await silentDatabase();
    try {
      const pid = await spawnOwnServer({ DATABASE_URL: database.url });
      await database.connected;

      process.kill(pid, 'SIGTERM');
      await server!.waitForStdout(/"message":"shutting down during start-up","signal":"SIGTERM","after":"database opened"/, 10_000);
      process.kill(pid, 'SIGTERM');
      await server!.waitForStdout(/"message":"already shutting down","signal":"SIGTERM","during":"start-up"/, 10_000);

      expect(await server!.exited).toBe(1);
      expect(server!.stderr()).toMatch(/"message":"start-up did not stop in time","timeoutMs":10000,"after":"database opened"/);
    } finally {
      database.close();
    }
  }, 40_000);
});
