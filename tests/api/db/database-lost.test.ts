import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/core/db/unavailable';
import { login, registerVendor } from '../../support/api/http';
import { createTestContext, type TestContext } from '../../support/api/test-app';

const url = process.env.TEST_DATABASE_URL;

/** A TCP proxy in front of PostgreSQL that a test can cut (every connection ended, new ones refused) and restore on the same port. */
async function cuttableProxy(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let listener: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      listener = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      listener.listen(port, '127.0.0.1', () => {
        port = (listener.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      listener.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  await listen();
  const proxied = new URL(target.href);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return { url: proxied.href, cut: stop, restore: listen, close: stop };
}

let ctx: TestContext | undefined;
let proxy: Awaited<ReturnType<typeof cuttableProxy>> | undefined;

afterEach(async () => {
  await ctx?.close();
  await proxy?.close();
  ctx = undefined;
  proxy = undefined;
});

describe.runIf(url)('PostgreSQL lost while the server runs', () => {
  it('when the database goes away, then requests get 503 problems with Retry-After (not 500s), readiness fails, the log says why, and all is well once it is back', async () => {
    proxy = await cuttableProxy(new URL(url!));
    ctx = await createTestContext({ database: 'postgres', postgresUrl: proxy.url });
    const vendor = await registerVendor(ctx);

    await proxy.cut();
    const refused = await login(ctx, vendor.email, vendor.password);
    const ready = await request(ctx.app).get('/readyz');

    expect(refused.status).toBe(503);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({ code: 'unavailable', detail: 'The service cannot reach its database right now. Please try again in a moment.' });
    expect(JSON.stringify(refused.body)).not.toMatch(/ECONN|Connection terminated|postgres/i);
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({ database: 'unreachable' });
    expect(ctx.logger.lines.some((line) => line.message === 'database unavailable' && line.fields?.path === '/api/login')).toBe(true);
    expect(ctx.logger.lines.filter((line) => line.message === 'unhandled error')).toEqual([]);

    await proxy.restore();
    await expect.poll(async () => (await login(ctx!, vendor.email, vendor.password)).status, { timeout: 10_000 }).toBe(200);
    expect((await request(ctx.app).get('/readyz')).status).toBe(200);
  }, 30_000);
});

describe('which errors mean the database is away', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['SQLite busy past its timeout', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
    ['a full disk', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
    ['a wrapped cause', new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    ['both addresses refused', new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'connect failed')],
  ])('%s is the database being away', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error (a bug)', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a constraint in SQLite', Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })],
    ['a type error', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
