import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aQuotedQuote, aVendor } from '../../support/api/builders';
import { agent } from '../../support/api/http';
import { openStream, stopListening, type OpenStream } from '../../support/api/live';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { createRedisLiveBus } from '../../../server/live';
import { createMemoryLogger } from '../../../server/core/logger';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = process.env.TEST_DATABASE_URL;

/**
 * Two instances on one PostgreSQL database and one Redis (docs/live-updates.md): an event written
 * through one reaches a stream opened on the other, and a sign-out on one ends the session's
 * stream on the other at once. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets both).
 */
describe.runIf(redisUrl && postgres)('live events across two instances (PostgreSQL + Redis)', () => {
  let one: TestContext;
  let two: TestContext;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    const limits = { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 };
    one = await createTestContext({ database: 'postgres', rateLimits: limits, liveBus: createRedisLiveBus(redisUrl!, createMemoryLogger()) });
    two = await createTestContext({
      database: 'postgres',
      shareDatabaseWith: one,
      rateLimits: limits,
      liveBus: createRedisLiveBus(redisUrl!, createMemoryLogger()),
    });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await stopListening(one);
    await stopListening(two);
    await two?.close();
    await one?.close();
  });

  it('when the couple writes through one instance, then the vendor stream open on the other hears it within a second', async () => {
    const florist = await aVendor(one);
    const quoted = await aQuotedQuote(one, florist);
    const stream = await openStream(two, florist.accessToken);
    streams.push(stream);
    expect(stream.status).toBe(200);
    // Open on two and listening before the write on one.
    await expect.poll(() => two.app.live.streams).toBe(1);
    const wrote = await agent(one).post(`/api/public/requests/${quoted.token}/quotes/${quoted.quote.id}/messages`).send({ body: 'Is the venue step-free?' });
    expect(wrote.status).toBe(201);
    const startedAt = Date.now();
    const heard = await stream.next((event) => event.event === 'message.created');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(JSON.parse(heard.data)).toMatchObject({ quoteId: quoted.quote.id, from: 'customer' });
  });

  it('when the vendor signs out through one instance, then their stream on the other ends at once', async () => {
    const florist = await aVendor(one);
    const stream = await openStream(two, florist.accessToken);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const out = await agent(one).post('/jwt/logout').set('Authorization', `Bearer ${florist.accessToken}`).send({ refreshToken: florist.refreshToken });
    expect(out.status).toBeLessThan(300);
    const ended = await stream.next((event) => event.event === 'end');
    expect(JSON.parse(ended.data)).toEqual({ reason: 'session' });
    // And the other instance refuses the token at once too, not after its session cache expires.
    expect((await agent(two).get('/api/messages/unread').set('Authorization', `Bearer ${florist.accessToken}`)).status).toBe(401);
  });
});
