import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aBusinessWithMember, aConfirmedRequest, aQuotedQuote, aVendor } from '../../support/api/builders';
import { agent } from '../../support/api/http';
import { listenOf, openStream, stopListening, type OpenStream, type ReceivedEvent } from '../../support/api/live';
import { freshCity, matchOf, submitQuote, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { revokeAllForUser } from '../../../server/auth/auth.repository';
import { createLocalLiveBus } from '../../../server/live';
import { storeLiveEvent } from '../../../server/live/live.repository';

const named =
  (name: string, extra: (data: Record<string, unknown>) => boolean = () => true) =>
  (event: ReceivedEvent) =>
    event.event === name && extra(JSON.parse(event.data) as Record<string, unknown>);

/**
 * The live stream (docs/live-updates.md): `GET /api/events` with the bearer, each business's
 * changes as server-sent events, stored so a reconnect with `Last-Event-ID` gets what it missed,
 * and never another business's.
 */
describe.each(TEST_DATABASES)('live events on %s', (kind) => {
  let ctx: TestContext;
  const streams: OpenStream[] = [];
  const open = async (token: string | null, lastEventId?: string) => {
    const stream = await openStream(ctx, token, lastEventId);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestContext({
      database: kind,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
      live: { heartbeatMs: 100, maxStreamsPerUser: 3 },
    });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await stopListening(ctx);
    await ctx?.close();
  });

  it('when the stream is asked for without a valid token, then it is a 401 problem and nothing is held open', async () => {
    for (const token of [null, 'not-a-token', 'eyJhbGciOiJIUzI1NiJ9.e30.AAAA']) {
      const stream = await open(token);
      expect(stream.status).toBe(401);
      expect(stream.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      await stream.ended;
    }
    expect(ctx.app.live.streams).toBe(0);
  });

  it('when a token has expired, then the stream refuses it (401)', async () => {
    const florist = await aVendor(ctx);
    ctx.advanceClock(16 * 60 * 1000);
    const stream = await open(florist.accessToken);
    expect(stream.status).toBe(401);
  });

  it("when a couple writes, a match arrives and the vendor quotes, then the business's open stream hears each, and another business hears none", async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const other = await aVendor(ctx, { city: freshCity(ctx) });
    const mine = await open(florist.accessToken);
    const theirs = await open(other.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(mine.headers.get('x-accel-buffering')).toBe('no');
    expect(mine.headers.get('cache-control')).toBe('no-store');

    const asked = await aConfirmedRequest(ctx, { location: city, vendorId: florist.vendor.vendor_id });
    const match = await matchOf(ctx, florist, asked.request.id);
    await mine.next(named('quote.created', (data) => data.quoteId === match.id));
    const submitted = await submitQuote(ctx, florist, match);
    expect(submitted.status).toBe(200);
    await mine.next(named('quote.updated', (data) => data.quoteId === match.id && data.status === 'submitted'));
    await mine.next(named('credits.changed', (data) => typeof data.balance === 'number'));
    const wrote = await agent(ctx).post(`/api/public/requests/${asked.token}/quotes/${match.id}/messages`).send({ body: 'Do you deliver on Sundays?' });
    expect(wrote.status).toBe(201);
    const message = await mine.next(named('message.created', (data) => data.quoteId === match.id && data.from === 'customer'));
    // The data names ids, never the couple's words.
    expect(JSON.parse(message.data)).toEqual({ quoteId: match.id, messageId: (wrote.body as { data: { id: string } }).data.id, from: 'customer' });
    // Ids grow, and each event has one.
    const ids = mine.events.map((event) => Number(event.id));
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // The other business's stream is open and beating, and has heard nothing of this.
    await expect.poll(() => theirs.comments).toBeGreaterThan(0);
    expect(theirs.events.map((event) => event.event)).toEqual(['open']);
  });

  it('when a stream reconnects with Last-Event-ID, then it is first sent exactly what it missed, in order; an id it does not own gets a reset, not replay', async () => {
    const florist = await aVendor(ctx);
    const other = await aVendor(ctx);
    const first = await open(florist.accessToken);
    const quoted = await aQuotedQuote(ctx, florist);
    const seen = await first.next(named('quote.updated', (data) => data.quoteId === quoted.quote.id));
    first.close();

    // While it is away: the couple writes twice, and another business's events are stored too.
    for (const body of ['First question', 'Second question']) {
      const res = await agent(ctx).post(`/api/public/requests/${quoted.token}/quotes/${quoted.quote.id}/messages`).send({ body });
      expect(res.status).toBe(201);
    }
    const theirs = await aQuotedQuote(ctx, other);

    const again = await open(florist.accessToken, seen.id ?? '');
    const replayed = await again.next(named('message.created'));
    await again.next((event) => event.event === 'message.created' && event !== replayed);
    // It starts by naming where it resumes, then the missed events.
    expect(again.events[0]).toMatchObject({ event: 'open', id: seen.id });
    const after = again.events.slice(1);
    expect(after.every((event) => Number(event.id) > Number(seen.id))).toBe(true);
    const messages = after.filter((event) => event.event === 'message.created');
    expect(messages.map((event) => (JSON.parse(event.data) as { quoteId: string }).quoteId)).toEqual([quoted.quote.id, quoted.quote.id]);
    expect(again.events.some((event) => event.data.includes(theirs.quote.id))).toBe(false);

    // Another business's id (or one long gone) cannot be replayed from: the stream says reset.
    const otherStream = await open(other.accessToken);
    const foreign = await open(other.accessToken, seen.id ?? '');
    const reset = await foreign.next(named('reset'));
    // The reset names where the stream now starts (the other business's newest event), so the client does not ask again.
    expect(Number(reset.id)).not.toBe(Number(seen.id));
    expect(foreign.events.some((event) => event.data.includes(quoted.quote.id))).toBe(false);
    const garbage = await open(florist.accessToken, 'abc');
    await garbage.next(named('reset'));
    otherStream.close();
  });

  it('when a stream is opened, then it is sent a heartbeat comment at the set interval', async () => {
    const florist = await aVendor(ctx);
    const stream = await open(florist.accessToken);
    await expect.poll(() => stream.comments).toBeGreaterThanOrEqual(2);
  });

  it('when the vendor signs out, then their open stream ends at once, and a new one is refused', async () => {
    const florist: Seller = await aVendor(ctx);
    const stream = await open(florist.accessToken);
    expect(stream.status).toBe(200);
    const out = await agent(ctx).post('/jwt/logout').set('Authorization', `Bearer ${florist.accessToken}`).send({ refreshToken: florist.refreshToken });
    expect(out.status).toBeLessThan(300);
    await stream.next(named('end', (data) => data.reason === 'session'));
    await stream.ended;
    expect((await open(florist.accessToken)).status).toBe(401);
  });

  it("when the vendor changes their password, or the owner removes a team member, then that session's stream ends at once", async () => {
    const florist: Seller = await aVendor(ctx);
    const mine = await open(florist.accessToken);
    const changed = await agent(ctx)
      .post('/api/account/password')
      .set('Authorization', `Bearer ${florist.accessToken}`)
      .send({ currentPassword: florist.password, newPassword: 'amber-willow-station-48' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await mine.next(named('end', (data) => data.reason === 'session'));

    const { owner, member } = await aBusinessWithMember(ctx);
    const owners = await open(owner.accessToken);
    const members = await open(member.accessToken);
    expect((await agent(ctx).delete(`/api/team/members/${member.vendor.id}`).set('Authorization', `Bearer ${owner.accessToken}`)).status).toBe(204);
    await members.next(named('end', (data) => data.reason === 'session'));
    // The owner's stream is another session's: it stays.
    expect(owners.events.some((event) => event.event === 'end')).toBe(false);
  });

  it("when a stream's access token expires, then the periodic check ends it for its session (the client reconnects with a fresh token)", async () => {
    const florist = await aVendor(ctx);
    const stream = await open(florist.accessToken);
    expect(stream.status).toBe(200);
    ctx.advanceClock(16 * 60 * 1000);
    // Heartbeats every 100 ms here: a token check every fourth.
    await stream.next(named('end', (data) => data.reason === 'session'));
    await stream.ended;
  });

  it('when someone else signs out, then a stream whose access token has expired but whose session is open stays open (the periodic token check ends it later)', async () => {
    // Heartbeats an hour apart: no periodic check runs during the test, only those a sign-out starts.
    const bus = createLocalLiveBus();
    const quiet = await createTestContext({ database: kind, live: { heartbeatMs: 3_600_000 }, liveBus: bus });
    try {
      const florist = await aVendor(quiet);
      const floristStream = await openStream(quiet, florist.accessToken);
      expect(floristStream.status).toBe(200);
      // Past the access token's 15 minutes; the session (the refresh token's family) is still open.
      quiet.advanceClock(16 * 60 * 1000);
      const baker = await aVendor(quiet);
      const bakerStream = await openStream(quiet, baker.accessToken);
      const out = await agent(quiet).post('/jwt/logout').send({ refreshToken: baker.refreshToken });
      expect(out.status).toBe(204);
      await bakerStream.next(named('end', (data) => data.reason === 'session'));
      await bakerStream.ended;
      // The pass that ended the baker's stream has run: the florist's was not the baker's business.
      expect(floristStream.events.filter((event) => event.event === 'end')).toEqual([]);
      expect(quiet.app.live.streams).toBe(1);

      // An instance of an earlier version ends the florist's session and says only that sessions
      // ended, not whose: every stream's session is asked.
      await revokeAllForUser(quiet.deps.database.db, florist.vendor.id, quiet.deps.clock.now());
      bus.publish({ kind: 'sessions-ended' });
      await floristStream.next(named('end', (data) => data.reason === 'session'));
      await floristStream.ended;
    } finally {
      await stopListening(quiet);
      await quiet.close();
    }
  });

  it('when a user opens more streams than allowed, then the oldest is ended, not the new one', async () => {
    const florist = await aVendor(ctx);
    const [oldest, ...rest] = [await open(florist.accessToken), await open(florist.accessToken), await open(florist.accessToken)];
    const before = ctx.app.live.streams;
    const newest = await open(florist.accessToken);
    await oldest!.next(named('end', (data) => data.reason === 'replaced'));
    await oldest!.ended;
    expect(newest.status).toBe(200);
    // One in, one out; the other two and the new one stay open and hear the next event.
    expect(ctx.app.live.streams).toBe(before);
    const quoted = await aQuotedQuote(ctx, florist);
    for (const stream of [...rest, newest]) await stream.next(named('quote.updated', (data) => data.quoteId === quoted.quote.id));
  });

  it('when the only stream of a business is replaced by the same user, then the new one still hears the business (one stream per user)', async () => {
    const single = await createTestContext({ live: { heartbeatMs: 60_000, maxStreamsPerUser: 1 } });
    try {
      const florist = await aVendor(single);
      const first = await openStream(single, florist.accessToken);
      const second = await openStream(single, florist.accessToken);
      await first.next(named('end', (data) => data.reason === 'replaced'));
      const quoted = await aQuotedQuote(single, florist);
      await second.next(named('quote.updated', (data) => data.quoteId === quoted.quote.id));
      second.close();
    } finally {
      await stopListening(single);
      await single.close();
    }
  });

  it('when a business or one address holds as many streams as it may, then the next is refused (429, try again in a minute) until one closes; others are not held back', async () => {
    const crowded = await createTestContext({ live: { heartbeatMs: 60_000, maxStreamsPerUser: 8, maxStreamsPerBusiness: 3, maxStreamsPerAddress: 3 } });
    const opened: OpenStream[] = [];
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const openFrom = async (token: string, address: string) => {
      const stream = await openStream(crowded, token, undefined, from(address));
      opened.push(stream);
      return stream;
    };
    try {
      const { owner, member } = await aBusinessWithMember(crowded, { owner: await aVendor(crowded) });
      for (const token of [owner.accessToken, owner.accessToken, member.accessToken]) expect((await openFrom(token, '198.51.100.1')).status).toBe(200);

      const { url } = await listenOf(crowded);
      const refused = await fetch(`${url}/api/events`, { headers: { Authorization: `Bearer ${member.accessToken}`, ...from('198.51.100.2') } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        'Your business has as many live update streams open as it may. Close a few tabs or devices; this page tries again in a minute.',
      );
      expect(crowded.app.live.streams).toBe(3);
      opened[0]!.close();
      await expect.poll(() => crowded.app.live.streams).toBe(2);
      expect((await openFrom(member.accessToken, '198.51.100.2')).status).toBe(200);

      // One address over every account: the third is its last, whoever holds it; another address is not held back.
      const stranger = await aVendor(crowded);
      expect((await openFrom(stranger.accessToken, '198.51.100.1')).status).toBe(200);
      const another = await aVendor(crowded);
      const crowdedAddress = await fetch(`${url}/api/events`, { headers: { Authorization: `Bearer ${another.accessToken}`, ...from('198.51.100.1') } });
      expect(crowdedAddress.status).toBe(429);
      expect(((await crowdedAddress.json()) as { detail: string }).detail).toMatch(/^Your network has as many live update streams open as it may\./);
      expect((await openFrom(another.accessToken, '198.51.100.9')).status).toBe(200);
    } finally {
      for (const stream of opened) stream.close();
      await stopListening(crowded);
      await crowded.close();
    }
  });

  it('when a consumer stops reading, then it is cut once its buffer passes the bound and the server forgets it', async () => {
    const florist = await aVendor(ctx);
    const { url } = await listenOf(ctx);
    const port = Number(new URL(url).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${florist.accessToken}\r\nAccept: text/event-stream\r\n\r\n`);
    // It reads the headers, then never again.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await expect.poll(() => ctx.app.live.streams).toBeGreaterThan(0);
    const before = ctx.app.live.streams;
    // Far more than the socket's buffers hold: 40 MB of events for this business.
    const big = JSON.stringify({ quoteId: 'x'.repeat(64 * 1024) });
    for (let batch = 0; batch < 20; batch += 1) {
      await ctx.database.writeTransaction(async (trx) => {
        for (let i = 0; i < 32; i += 1) {
          await storeLiveEvent(trx, ctx.database.dialect, {
            vendor_id: florist.vendor.vendor_id,
            name: 'quote.created',
            data: big,
            created_at: ctx.clock.now(),
          });
        }
      });
      ctx.app.live.nudge(florist.vendor.vendor_id);
      if (ctx.app.live.streams < before) break;
    }
    await expect.poll(() => ctx.app.live.streams, { timeout: 20_000 }).toBeLessThan(before);
    socket.resume();
    socket.destroy();
    await closed;
  });
});

/**
 * The per-business lock that gives live events their commit order (live.repository.ts) is taken
 * by a transaction for each business it changes: two couples booking at once, each closing the
 * other's vendor's quote, take them in opposite orders. PostgreSQL breaks the deadlock by rolling
 * one back; the store runs it again, so both couples are answered.
 */
describe.runIf(TEST_DATABASES.includes('postgres'))('bookings that cross businesses at once (PostgreSQL)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: 'postgres', rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when two couples each book the vendor the other also asked, at the same moment, then both bookings succeed', async () => {
    for (let round = 0; round < 4; round += 1) {
      const city = freshCity(ctx);
      const [a, b] = [await aVendor(ctx, { city }), await aVendor(ctx, { city })];
      const couples = [await aConfirmedRequest(ctx, { location: city }), await aConfirmedRequest(ctx, { location: city })];
      const quotes: Record<string, string> = {};
      for (const [i, couple] of couples.entries()) {
        for (const [name, vendor] of [
          ['a', a],
          ['b', b],
        ] as const) {
          const match = await matchOf(ctx, vendor, couple.request.id);
          expect((await submitQuote(ctx, vendor, match)).status).toBe(200);
          quotes[`${i}${name}`] = match.id;
        }
      }
      const [first, second] = await Promise.all([
        agent(ctx).post(`/api/public/requests/${couples[0]!.token}/quotes/${quotes['0a']}/accept`),
        agent(ctx).post(`/api/public/requests/${couples[1]!.token}/quotes/${quotes['1b']}/accept`),
      ]);
      expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    }
  });
});
