import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress, logDevTools, planDevTools } from '../../../server/core/dev/dev-tools';
import { parseEnv } from '../../../server/core/env';
import { createMemoryLogger } from '../../../server/core/logger';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor, waitForMail } from '../../support/api/http';

const STRANGER = '203.0.113.7';

/** This machine's first non-loopback IPv4 address: a request to it comes from a non-loopback peer. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('development tools and the outbox', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a stranger asks for a victim’s reset link and reads the outbox, then every outbox path is 404 and the link stays private', async () => {
    const victim = await registerVendor(ctx);
    expect((await agent(ctx).post('/api/forgot-password').set('X-Forwarded-For', STRANGER).send({ email: victim.email })).status).toBe(202);
    expect(await waitForMail(ctx, victim.email)).toHaveLength(1);

    for (const path of [`/dev/outbox.json?to=${encodeURIComponent(victim.email)}`, '/dev/outbox', '/dev/outbox.json']) {
      const res = await agent(ctx).get(path).set('X-Forwarded-For', STRANGER);
      expectProblem(res, 404, 'not-found');
      expect(JSON.stringify(res.body)).not.toContain('reset-password');
    }
  });

  it('when a stranger (a non-loopback address, named by the trusted loopback proxy) reads or moves the test clock, then 404 and the server’s time has not moved', async () => {
    const before = ctx.clock.now();

    expectProblem(await agent(ctx).get('/dev/clock').set('X-Forwarded-For', STRANGER), 404, 'not-found');
    expectProblem(await agent(ctx).post('/dev/clock').set('X-Forwarded-For', STRANGER).send({ advanceDays: 30 }), 404, 'not-found');

    expect(ctx.clock.now() - before).toBeLessThan(60_000);
    const local = await agent(ctx).get('/dev/clock');
    expect(local.status).toBe(200);
    expect((local.body as { now: number }).now - before).toBeLessThan(60_000);
  });

  it('when the operator reads the outbox from this machine, then the mail is there', async () => {
    const vendor = await registerVendor(ctx);
    await agent(ctx).post('/api/forgot-password').send({ email: vendor.email });
    await waitForMail(ctx, vendor.email);

    const res = await agent(ctx).get(`/dev/outbox.json?to=${encodeURIComponent(vendor.email)}`);

    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('/reset-password/');
  });

  it('when a client reaches the server on a public address and claims X-Forwarded-For: 127.0.0.1, then 404 (only loopback proxies are believed)', async ({
    skip,
  }) => {
    if (!externalAddress) return skip('this machine has no non-loopback IPv4 address');
    const server: Server = createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://${externalAddress}:${port}/dev/outbox.json`, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect(res.status).toBe(404);
      const local = await fetch(`http://127.0.0.1:${port}/dev/outbox.json`);
      expect(local.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('when an unknown path under /dev is asked for, then 404 problem, never the app page', async () => {
    expectProblem(await agent(ctx).get('/dev/anything'), 404, 'not-found');
  });
});

describe('development tools in production', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ production: true });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when NODE_ENV=production, then the outbox and the clock are 404 even from this machine', async () => {
    for (const path of ['/dev/outbox', '/dev/outbox.json', '/dev/clock']) expectProblem(await agent(ctx).get(path), 404, 'not-found');
  });
});

describe('planDevTools, isLoopbackAddress and TRUST_PROXY', () => {
  it('when in production no tool is mounted, with the reason; over SMTP there is no outbox, only the clock', () => {
    expect(planDevTools({ production: true, mailTransport: 'outbox' })).toEqual({ tools: [], reason: 'NODE_ENV=production' });
    expect(planDevTools({ production: false, mailTransport: 'smtp' }).tools).toEqual(['/dev/clock']);
    expect(planDevTools({ production: false, mailTransport: 'outbox' }).tools).toEqual(['/dev/clock', '/dev/outbox', '/dev/outbox.json']);
  });

  it('when the server starts, then its log says which development tools are on and why, or why none are', () => {
    const logger = createMemoryLogger();

    for (const plan of [
      planDevTools({ production: false, mailTransport: 'outbox' }),
      planDevTools({ production: false, mailTransport: 'smtp' }),
      planDevTools({ production: true, mailTransport: 'outbox' }),
    ]) {
      logDevTools(logger, plan);
    }

    expect(logger.lines).toEqual([
      {
        level: 'info',
        message: 'development tools on, for loopback clients only (req.ip, under TRUST_PROXY)',
        fields: {
          tools: ['/dev/clock', '/dev/outbox', '/dev/outbox.json'],
          why: 'NODE_ENV is not production and SMTP_URL is unset: mail is kept in the outbox',
        },
      },
      {
        level: 'info',
        message: 'development tools on, for loopback clients only (req.ip, under TRUST_PROXY)',
        fields: { tools: ['/dev/clock'], why: 'NODE_ENV is not production; mail goes out over SMTP_URL, so there is no outbox to read' },
      },
      { level: 'info', message: 'development tools off', fields: { why: 'NODE_ENV=production' } },
    ]);
  });

  it('when an address is loopback (IPv4, IPv6 or mapped), then it is the operator’s; anything else is not', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '192.0.2.2', 'fd00::2', '127.0.0.1.evil', '1127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  it('when TRUST_PROXY is unset, false, a hop count or addresses, then it parses; true or garbage stops the start naming it', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(['loopback']);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would trust an address any client can forge/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not an address, range or name: 10.0.0.0\/33/);
  });
});
