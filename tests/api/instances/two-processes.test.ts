import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/core/db/database';
import { DAY_MS } from '../../../shared/time/durations';
import { STRONG_PASSWORD } from '../../support/api/http';
import { copySchemas, type SchemaCopy } from '../../support/schemas';
import { call, listeningPort, spawnServer, statusOf, type CallAnswer } from '../../support/api/real-server';
import { openStreamAt, type OpenStream } from '../../support/api/live';
import type { TsxProcess } from '../../support/tsx-process';

const postgres = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** A database of that Redis for this suite alone, emptied first: an hour's limit counted by an earlier run must not carry over. */
const REDIS_DB = 11;

interface Instance {
  process: TsxProcess;
  port: number;
}

/** A JSON POST: the status, or the network error code. */
const post = async (port: number, url: string, body: object) => statusOf(await call(port, 'POST', url, body));

/** The body of a call that must have answered `status`. */
async function bodyOf(answer: Promise<CallAnswer>, status: number): Promise<unknown> {
  const got = await answer;
  if (!('status' in got) || got.status !== status) throw new Error(`expected ${status}, got ${JSON.stringify(got)}`);
  return got.body;
}

/** A GET's JSON body. */
async function getJson(port: number, url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const answer = await call(port, 'GET', url, undefined, headers);
  if (!('status' in answer)) throw new Error(`GET ${url}: ${answer.error}`);
  return answer.body;
}

/**
 * Two real server processes (`server/index.ts`) on one PostgreSQL database and one Redis, as
 * production runs them behind a load balancer (docs/operators.md: Running several instances). Runs when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set (.ci/run sets both).
 */
describe.runIf(postgres && redisUrl)('two server processes on PostgreSQL and Redis', () => {
  const name = `vowly_two_${process.pid}_${Date.now()}`;
  let admin: Database;
  let store: Database;
  let work: string;
  let schemas: SchemaCopy;
  let redisDb: string;
  const instances: Instance[] = [];

  async function startInstance(databaseUrl: string, secret: string, label: string): Promise<Instance> {
    const child = spawnServer({
      DATA_DIR: path.join(work, label),
      CLIENT_DIR: path.join(work, 'no-client'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisDb,
      JWT_SECRET: secret,
      SCHEMAS_DIR: schemas.dir,
      WATCH_SCHEMAS: 'true',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ACCOUNT: '10',
      LOG_REQUESTS: 'false',
    });
    return { process: child, port: await listeningPort(child) };
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'two-instances-'));
    schemas = await copySchemas();
    const own = new URL(redisUrl!);
    own.pathname = `/${REDIS_DB}`;
    redisDb = own.href;
    const redis = new Redis(redisDb);
    await redis.flushdb();
    await redis.quit();
    admin = await openDatabase({ kind: 'postgres', url: postgres! });
    await sql.raw(`create database ${name}`).execute(admin.db);
    const url = new URL(postgres!);
    url.pathname = `/${name}`;
    const secret = randomBytes(48).toString('base64');
    // One after the other: the first brings the database up to date.
    instances.push(await startInstance(url.href, secret, 'a'));
    instances.push(await startInstance(url.href, secret, 'b'));
    store = await openDatabase({ kind: 'postgres', url: url.href });
  }, 150_000);

  afterAll(async () => {
    for (const instance of instances) await instance.process.stop();
    await store?.close();
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
    await rm(work, { recursive: true, force: true });
    await schemas?.remove();
  });

  it('when failed sign-ins to one account alternate between the two, then the 11th is refused, on either', async () => {
    const [a, b] = instances as [Instance, Instance];
    const email = `two-limits-${process.pid}@example.com`;
    expect(await post(a.port, '/api/register', { email, password: STRONG_PASSWORD, businessName: 'Two Instances Bakery' })).toBe(201);

    const statuses: (number | string)[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push(await post((attempt % 2 === 0 ? a : b).port, '/api/login', { email, password: 'not the password 1' }));

    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
    expect(await post(a.port, '/api/login', { email, password: 'not the password 2' })).toBe(429);
  });

  it("when public quote requests from one address alternate between the two, then the hour's 21st is refused, on either", async () => {
    const [a, b] = instances as [Instance, Instance];
    // Not valid requests: each is counted before it is read, and refused 400 until the limit's 429.
    const statuses: (number | string)[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1)
      statuses.push(await post((attempt % 2 === 0 ? a : b).port, '/api/public/quote-requests', { category: 'nothing' }));

    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await post(b.port, '/api/public/quote-requests', {})).toBe(429);
  });

  it("when a vendor buys credits through one, then their stream open on the other hears the new balance; and when they sign out through one, the other's stream ends", async () => {
    const [a, b] = instances as [Instance, Instance];
    const registered = (await bodyOf(
      call(a.port, 'POST', '/api/register', { email: `two-live-${process.pid}@example.com`, password: STRONG_PASSWORD, businessName: 'Two Live Florist' }),
      201,
    )) as { data: { accessToken: string; refreshToken: string } };
    const bearer = { Authorization: `Bearer ${registered.data.accessToken}` };
    const card = (await bodyOf(
      call(a.port, 'POST', '/sandbox/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' }),
      201,
    )) as {
      id: string;
    };
    await bodyOf(call(a.port, 'PUT', '/api/billing/payment-method', { paymentMethodId: card.id }, { ...bearer, 'Idempotency-Key': randomUUID() }), 200);

    const stream: OpenStream = await openStreamAt(`http://127.0.0.1:${b.port}`, registered.data.accessToken);
    try {
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'open');
      await bodyOf(call(a.port, 'POST', '/api/billing/credit-purchases', { packId: 'pack-10' }, { ...bearer, 'Idempotency-Key': randomUUID() }), 201);
      const heard = await stream.next((event) => event.event === 'credits.changed');
      expect(JSON.parse(heard.data)).toEqual({ balance: expect.any(Number) });
      const credits = (await getJson(b.port, '/api/credits', bearer)) as { data: { balance: number } };
      expect(JSON.parse(heard.data).balance).toBe(credits.data.balance);

      await bodyOf(call(a.port, 'POST', '/jwt/logout', { refreshToken: registered.data.refreshToken }, bearer), 204);
      const ended = await stream.next((event) => event.event === 'end');
      expect(JSON.parse(ended.data)).toEqual({ reason: 'session' });
    } finally {
      stream.close();
    }
  });

  it('when a renewal falls due while both run their job workers, then it runs once: one renewal invoice, one grant of the plan’s credits', async () => {
    const [a, b] = instances as [Instance, Instance];
    const registered = (await bodyOf(
      call(a.port, 'POST', '/api/register', { email: `two-renew-${process.pid}@example.com`, password: STRONG_PASSWORD, businessName: 'Two Renewals Cakes' }),
      201,
    )) as { data: { accessToken: string; vendor: { vendor_id: string } } };
    const bearer = { Authorization: `Bearer ${registered.data.accessToken}` };
    const vendorId = registered.data.vendor.vendor_id;
    const card = (await bodyOf(
      call(a.port, 'POST', '/sandbox/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' }),
      201,
    )) as { id: string };
    await bodyOf(call(a.port, 'PUT', '/api/billing/payment-method', { paymentMethodId: card.id }, { ...bearer, 'Idempotency-Key': randomUUID() }), 200);
    const plan = (await bodyOf(
      call(b.port, 'POST', '/api/billing/subscription', { planId: 'starter' }, { ...bearer, 'Idempotency-Key': randomUUID() }),
      200,
    )) as {
      data: { credits: number };
    };
    const planGrants = () => store.db.selectFrom('credit_entries').select('delta').where('vendor_id', '=', vendorId).where('reason', '=', 'plan').execute();
    const grantsBefore = (await planGrants()).length;

    // Both instances' test clocks move past the period's end at once, and each answers once what is
    // due has run; both job workers poll the one queue. The shared job table moves once (to the
    // furthest offset either clock reached), so next month's renewal does not fall due as well.
    const moved = await Promise.all(
      [a, b].map(async (instance) => (await bodyOf(call(instance.port, 'POST', '/dev/clock', { advanceDays: 31 }), 200)) as { now: number }),
    );
    const [nowA, nowB] = moved.map((answer) => answer.now) as [number, number];
    expect(Math.abs(nowA - nowB)).toBeLessThan(60_000);
    expect(nowA - Date.now()).toBeGreaterThan(30 * DAY_MS);

    const invoices = await store.db.selectFrom('invoices').select(['kind', 'status']).where('vendor_id', '=', vendorId).orderBy('created_at').execute();
    expect(invoices).toEqual([
      { kind: 'subscription', status: 'paid' },
      { kind: 'renewal', status: 'paid' },
    ]);
    expect(await planGrants()).toHaveLength(grantsBefore + 1);
    const balance = await store.db.selectFrom('credit_balances').select('balance').where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
    expect(balance.balance).toBe(plan.data.credits + 10);
  }, 60_000);

  it('when a schema file is edited on disk, then both pick it up', async () => {
    const [a, b] = instances as [Instance, Instance];
    const app = (await schemas.read('app.json')) as { displayName: string };

    await schemas.write('app.json', { ...app, displayName: 'Vowly Pro Two' });

    for (const instance of [a, b])
      await expect
        .poll(async () => ((await getJson(instance.port, '/api/config/app')) as { displayName: string }).displayName, { timeout: 15_000 })
        .toBe('Vowly Pro Two');
  });

  it('when one is stopped in the middle of sign-ups spread over both, then every sign-up it acknowledged is stored, and the other goes on serving', async () => {
    const [a, b] = instances as [Instance, Instance];
    const sent: { email: string; answer: Promise<number | string> }[] = [];
    const send = (i: number) => {
      const email = `two-stop-${i}-${process.pid}@example.com`;
      sent.push({ email, answer: post((i % 2 === 0 ? a : b).port, '/api/register', { email, password: STRONG_PASSWORD, businessName: `Stop Test ${i}` }) });
    };
    for (let i = 0; i < 20; i += 1) send(i);
    process.kill(a.process.child.pid!, 'SIGTERM');
    // Sent on during the stop, as a balancer that has not noticed yet would.
    for (let i = 20; i < 40; i += 1) send(i);

    const answers = await Promise.all(sent.map(async ({ email, answer }) => ({ email, answer: await answer })));
    expect(await a.process.exited).toBe(0);

    const acknowledged = answers.filter(({ answer }) => answer === 201).map(({ email }) => email);
    const stored = await store.db.selectFrom('users').select('email').where('email', 'like', 'two-stop-%').execute();
    expect(stored.map((row) => row.email).sort()).toEqual(expect.arrayContaining(acknowledged.sort()));
    // Nothing is lost in the lame-duck period: the stopping instance still answered what reached it.
    expect(answers.filter(({ answer }) => typeof answer === 'string')).toEqual([]);
    expect(acknowledged).toHaveLength(40);
    expect(await post(b.port, '/api/register', { email: `two-after-${process.pid}@example.com`, password: STRONG_PASSWORD, businessName: 'After' })).toBe(201);
    console.log(`two instances: 40 sign-ups over both while one stopped, ${acknowledged.length} acknowledged, all stored`);
  }, 60_000);
});
