import { EventEmitter, once } from 'node:events';
import { createServer, request, Agent, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { installGracefulShutdown, type ShutdownStep } from '../../../server/core/http/graceful-shutdown';
import { createMemoryLogger } from '../../../server/core/logger';
import { connectionRefused } from './slow-request';

interface Harness {
  server: Server;
  port: number;
  signals: EventEmitter;
  logger: ReturnType<typeof createMemoryLogger>;
  exitCodes: number[];
  exited: Promise<number>;
  shutdown: ReturnType<typeof installGracefulShutdown>;
  /** Responses the test holds open: GET /held waits here until the test ends it. */
  held: ServerResponse[];
  /** Server-side sockets, in the order they connected. */
  sockets: Socket[];
  /** Resolves once `n` requests are held. */
  heldCount(n: number): Promise<void>;
}

const servers: Server[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A real HTTP server behind installGracefulShutdown, with a fake `process` for signals and exit. */
async function start(options: { steps?: ShutdownStep[]; timeoutMs?: number; lameDuckMs?: number; firstRequestGraceMs?: number } = {}): Promise<Harness> {
  const held: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/held') {
      held.push(res);
      waiters.splice(0).forEach((wake) => wake());
      return;
    }
    if (req.url === '/streaming') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first half;');
      held.push(res);
      waiters.splice(0).forEach((wake) => wake());
      return;
    }
    res.end('ok');
  });
  servers.push(server);
  const sockets: Socket[] = [];
  server.on('connection', (socket: Socket) => sockets.push(socket));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const signals = new EventEmitter();
  const logger = createMemoryLogger();
  const exitCodes: number[] = [];
  let onExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (onExit = resolve));
  const shutdown = installGracefulShutdown({
    server,
    logger,
    signals,
    steps: options.steps,
    timeoutMs: options.timeoutMs,
    // The tests of what follows the lame-duck period start there; those of the period ask for one.
    lameDuckMs: options.lameDuckMs ?? 0,
    firstRequestGraceMs: options.firstRequestGraceMs,
    exit: (code) => {
      exitCodes.push(code);
      onExit(code);
    },
  });
  const port = (server.address() as AddressInfo).port;
  return { server, port, signals, logger, exitCodes, exited, shutdown, held, sockets, heldCount: (n) => waitUntil(() => held.length >= n, waiters) };
}

function waitUntil(condition: () => boolean, waiters: (() => void)[]): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve() : waiters.push(check));
    check();
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET over a keep-alive agent, so that only the server's `Connection: close` ends the socket. */
function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** Resolves once the server-side socket has received `bytes` bytes, i.e. the parser has seen them. */
async function received(socket: Socket, bytes: number): Promise<void> {
  while (socket.bytesRead < bytes) await new Promise((resolve) => setImmediate(resolve));
}

describe('installGracefulShutdown', () => {
  it('when SIGTERM arrives with a request in flight, then new connections are refused, the request completes with Connection: close, and the process exits 0', async () => {
    const h = await start();
    const agent = new Agent({ keepAlive: true });
    const answer = get(h.port, '/held', agent);
    await h.heldCount(1);

    h.signals.emit('SIGTERM');

    expect(h.shutdown.draining).toBe(true);
    expect(await connectionRefused(h.port)).toBe(true);
    h.held[0]!.end('done');
    expect(await answer).toMatchObject({ status: 200, body: 'done', headers: { connection: 'close' } });
    expect(await h.exited).toBe(0);
    expect(h.logger.lines.map((line) => line.message)).toEqual(['shutting down', 'shutdown complete']);
    expect(h.logger.lines[0]!.fields).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
    agent.destroy();
  });

  it('when SIGTERM comes twice and then SIGINT, then the later ones are logged and the drain carries on to one exit', async () => {
    const h = await start();
    const agent = new Agent({ keepAlive: true });
    const answer = get(h.port, '/held', agent);
    await h.heldCount(1);

    h.signals.emit('SIGTERM');
    h.signals.emit('SIGTERM');
    h.signals.emit('SIGINT');
    h.held[0]!.end('done');

    expect((await answer).status).toBe(200);
    expect(await h.exited).toBe(0);
    expect(h.exitCodes).toEqual([0]);
    expect(h.logger.lines.filter((line) => line.message === 'already shutting down').map((line) => line.fields)).toEqual([
      { signal: 'SIGTERM', inFlight: 1 },
      { signal: 'SIGINT', inFlight: 1 },
    ]);
    agent.destroy();
  });

  it('when an idle keep-alive connection is open, then it is closed at once, while another request is still in flight', async () => {
    const h = await start();
    const agent = new Agent({ keepAlive: true });
    const idle = await new Promise<Socket>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: h.port, path: '/quick', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket as Socket));
      });
      req.on('error', reject).end();
    });
    const busy = get(h.port, '/held', new Agent({ keepAlive: true }));
    await h.heldCount(1);
    const idleClosed = once(idle, 'close');

    h.signals.emit('SIGTERM');

    await idleClosed;
    expect(h.shutdown.inFlight).toBe(1);
    h.held[0]!.end();
    await busy;
    expect(await h.exited).toBe(0);
    expect(h.logger.lines.map((line) => line.message)).toEqual(['shutting down', 'shutdown complete']);
    agent.destroy();
  });

  it('when a request was still sending its headers at the signal, then it is answered, with Connection: close', async () => {
    const h = await start();
    const client = connect(h.port, '127.0.0.1');
    await once(client, 'connect');
    const head = 'GET /quick HTTP/1.1\r\nHost: localhost\r\n';
    client.write(head);
    await received(h.sockets[0]!, head.length);

    h.signals.emit('SIGTERM');
    let raw = '';
    client.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    client.write('\r\n');
    await once(client, 'close');

    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    expect(raw).toMatch(/\r\n\r\nok$/);
    expect(await h.exited).toBe(0);
  });

  it('when a response had sent its headers before the signal, then its keep-alive socket is closed as soon as it finishes', async () => {
    const h = await start();
    const agent = new Agent({ keepAlive: true });
    let socket: Socket | undefined;
    const answer = new Promise<Answer>((resolve, reject) => {
      request({ host: '127.0.0.1', port: h.port, path: '/streaming', agent }, (res) => {
        socket = res.socket as Socket;
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
        .on('error', reject)
        .end();
    });
    await h.heldCount(1);

    h.signals.emit('SIGTERM');
    h.held[0]!.end('second half');

    const done = await answer;
    expect(done).toMatchObject({ status: 200, body: 'first half;second half', headers: { connection: 'keep-alive' } });
    await once(socket!, 'close');
    expect(await h.exited).toBe(0);
    expect(h.logger.lines.map((line) => line.message)).toEqual(['shutting down', 'shutdown complete']);
    agent.destroy();
  });

  it('when the HTTP side has drained, then the steps run in order, after the listener closed, and the process exits 0', async () => {
    const calls: string[] = [];
    let listeningDuringSteps: boolean | undefined;
    const h = await start({
      steps: [
        {
          name: 'schema watcher',
          run: () => {
            listeningDuringSteps = h.server.listening;
            calls.push('schema watcher');
          },
        },
        { name: 'jobs', run: async () => void calls.push('jobs') },
        { name: 'database', run: async () => void calls.push('database') },
      ],
    });

    h.signals.emit('SIGINT');

    expect(await h.exited).toBe(0);
    expect(calls).toEqual(['schema watcher', 'jobs', 'database']);
    expect(listeningDuringSteps).toBe(false);
    expect(h.logger.lines[0]).toMatchObject({ message: 'shutting down', fields: { signal: 'SIGINT', inFlight: 0 } });
  });

  it('when a step fails, then the later steps still run and the exit code is 1', async () => {
    const calls: string[] = [];
    const h = await start({
      steps: [
        {
          name: 'jobs',
          run: async () => {
            throw new Error('runner stuck');
          },
        },
        { name: 'database', run: async () => void calls.push('database') },
      ],
    });

    h.signals.emit('SIGTERM');

    expect(await h.exited).toBe(1);
    expect(calls).toEqual(['database']);
    expect(h.logger.lines).toContainEqual({ level: 'error', message: 'shutdown step failed', fields: { step: 'jobs', error: 'runner stuck' } });
  });

  it('when a request outlasts the timeout, then the log counts the requests cut off, their connections are closed, and the process exits 0 (only requests were cut)', async () => {
    const calls: string[] = [];
    const h = await start({ timeoutMs: 200, steps: [{ name: 'database', run: () => void calls.push('database') }] });
    const agent = new Agent({ keepAlive: true });
    const answers = [get(h.port, '/held', agent), get(h.port, '/held', agent)].map((p) =>
      p.then(
        () => 'answered',
        (error: NodeJS.ErrnoException) => error.code,
      ),
    );
    await h.heldCount(2);

    h.signals.emit('SIGTERM');

    expect(await h.exited).toBe(0);
    expect(await Promise.all(answers)).toEqual(['ECONNRESET', 'ECONNRESET']);
    expect(h.logger.lines).toContainEqual({ level: 'warn', message: 'shutdown timed out', fields: { timeoutMs: 200, inFlight: 2, running: 'http' } });
    expect(calls).toEqual([]);
    agent.destroy();
  });

  it('when a step is still running at the timeout, then the log names it and the process exits 1', async () => {
    const h = await start({ timeoutMs: 200, steps: [{ name: 'database', run: () => new Promise<void>(() => {}) }] });

    h.signals.emit('SIGTERM');

    expect(await h.exited).toBe(1);
    expect(h.logger.lines).toContainEqual({ level: 'warn', message: 'shutdown timed out', fields: { timeoutMs: 200, inFlight: 0, running: 'database' } });
  });

  it('when a step failed and a later one is still running at the timeout, then the process exits 1', async () => {
    const h = await start({
      timeoutMs: 200,
      steps: [
        { name: 'jobs', run: () => Promise.reject(new Error('runner stuck')) },
        { name: 'database', run: () => new Promise<void>(() => {}) },
      ],
    });

    h.signals.emit('SIGTERM');

    expect(await h.exited).toBe(1);
    expect(h.exitCodes).toEqual([1]);
    expect(h.logger.lines).toContainEqual({ level: 'error', message: 'shutdown step failed', fields: { step: 'jobs', error: 'runner stuck' } });
  });

  it('when no signal has come, then the server is not draining and requests keep their connection', async () => {
    const h = await start();
    const agent = new Agent({ keepAlive: true });

    const answer = await get(h.port, '/quick', agent);

    expect(h.shutdown.draining).toBe(false);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(h.exitCodes).toEqual([]);
    agent.destroy();
  });
  it('when SIGTERM arrives, then for the lame-duck period new connections are still accepted and answered with Connection: close, and only then refused', async () => {
    const h = await start({ lameDuckMs: 400 });
    const signalledAt = Date.now();

    h.signals.emit('SIGTERM');
    const during = await get(h.port, '/quick', new Agent({ keepAlive: true }));
    expect(h.shutdown.draining).toBe(true);
    expect(during).toMatchObject({ status: 200, body: 'ok', headers: { connection: 'close' } });
    expect(h.server.listening).toBe(true);

    expect(await h.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(400);
    expect(await connectionRefused(h.port)).toBe(true);
    expect(h.logger.lines[0]).toMatchObject({ message: 'shutting down', fields: { lameDuckMs: 400 } });
  });

  it('when a keep-alive connection sat idle through the signal, then its next request in the lame-duck period is answered and closes it', async () => {
    const h = await start({ lameDuckMs: 400 });
    const agent = new Agent({ keepAlive: true });
    const first = await get(h.port, '/quick', agent);
    expect(first.headers.connection).toBe('keep-alive');

    h.signals.emit('SIGTERM');
    const next = await get(h.port, '/quick', agent);

    expect(next).toMatchObject({ status: 200, headers: { connection: 'close' } });
    expect(h.sockets).toHaveLength(1);
    expect(await h.exited).toBe(0);
    agent.destroy();
  });

  it('when a connection was accepted but its request had not come when the listener closed, then the request is still answered, with Connection: close', async () => {
    const h = await start({ firstRequestGraceMs: 5_000 });
    const client = connect(h.port, '127.0.0.1');
    await once(client, 'connect');
    await expect.poll(() => h.sockets.length).toBe(1);

    h.signals.emit('SIGTERM');
    await expect.poll(() => connectionRefused(h.port)).toBe(true);
    let raw = '';
    client.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    client.write('GET /quick HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(client, 'close');

    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    expect(await h.exited).toBe(0);
    expect(h.logger.lines.map((line) => line.message)).toEqual(['shutting down', 'shutdown complete']);
  });

  it('when such a connection sends nothing, then it is closed once its grace is over and the process exits 0 without waiting for the timeout', async () => {
    const h = await start({ firstRequestGraceMs: 300, timeoutMs: 5_000 });
    const client = connect(h.port, '127.0.0.1');
    await once(client, 'connect');
    await expect.poll(() => h.sockets.length).toBe(1);
    const signalledAt = Date.now();

    h.signals.emit('SIGTERM');
    await once(client, 'close');

    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(300);
    expect(await h.exited).toBe(0);
    expect(h.logger.lines.map((line) => line.message)).toEqual(['shutting down', 'shutdown complete']);
  });
});
