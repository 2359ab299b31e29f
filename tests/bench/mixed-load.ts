import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadSnapshot } from '../../server/config/schema-store/snapshot';
import { openDatabase } from '../../server/core/db/database';
import type { DB } from '../../server/core/db/schema';
import { insertQuotes } from '../support/analytics-fixture';
import { vendorWriteRefusal } from '../../shared/marketplace/vendor-write-refusal';
import { REPO_ROOT } from '../support/tsx-process';
import { seededDataDir, sourcesHash, VOLUME } from './marketplace';
import { runMix, type CallFigures, type MixCall } from './support/call-mix';
import { startInspectedAppServer, type InspectedAppServer } from './support/app-server';
import { memoryAfterGc, type MemoryReading } from './support/process-memory';
import { seededPostgres } from './support/postgres-volume';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

/**
 * Issue 25 point 6 (Load): a vendor's screens at 100,000 quotes over 2,000 businesses, on SQLite
 * and PostgreSQL: each call's throughput and p99 as ratios to the config GET of the same run;
 * the server's memory over a long run of the mix.
 */
export const MIXED_CONNECTIONS = 10;
/** Businesses signed in, one per connection: ten of the seed's, each in another category. */
const VENDORS = 10;
/** The soak passes when the heap after a forced GC at its last minute is at most this much above its middle minute's (and VmRSS too). */
export const SOAK_GROWTH_LIMIT = 0.1;
const DAY_MS = 86_400_000;

/** A business of the seed as the mix plays it. */
interface MixVendor {
  vendorId: string;
  categoryId: string;
  token: string;
  /** Its quotes past `potential`: opened and read. */
  quotes: string[];
  /** Those it may still write in (sent: submitted, accepted or completed; vendorWriteRefusal), the mix's own submits added. */
  writable: string[];
  /** Its `potential` quotes not yet answered: each is submitted once. */
  pool: string[];
  details: Record<string, unknown>;
}

type JsonSchema = { type?: string; enum?: unknown[]; minimum?: number; required?: string[]; properties?: Record<string, JsonSchema> };

/** Answers of a quote form's required fields that its schema accepts (strings of 30 characters, numbers at their minimum). */
function answersFor(schema: JsonSchema): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const key of schema.required ?? []) {
    const field = schema.properties?.[key] ?? {};
    if (field.enum) answers[key] = field.enum[0];
    else if (field.type === 'integer' || field.type === 'number') answers[key] = field.minimum ?? 1;
    else if (field.type === 'boolean') answers[key] = true;
    else answers[key] = 'Flowers, setup and delivery.'.padEnd(30, '.');
  }
  return answers;
}

/**
 * Opens the thread of every quote that has none, as the `quote.created` event does for a match:
 * the volume seed imports its quotes as history, without that event, so its database has no
 * threads, and a quote's page, the inbox and the unread count would read empty tables.
 */
async function openMissingThreads(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('message_threads')
    .columns(['quote_id', 'vendor_id', 'request_id', 'category_id', 'customer_name', 'event_date', 'quote_status', 'created_at'])
    .expression(
      db
        .selectFrom('quotes')
        .select(['id', 'vendor_id', 'request_id', 'category_id', 'customer_name', 'event_date', 'status', 'created_at'])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('message_threads').select('quote_id').whereRef('message_threads.quote_id', '=', 'quotes.id'))),
        ),
    )
    .execute();
}

/**
 * Readies `count` of the seed's businesses (`volume-<run>-<i>@…`, i from 0) in a seeded database
 * before the server starts: `pool` potential quotes of direct requests each (the seed gives a
 * business about ten, the mix answers hundreds) and as many credits to answer them with, booked
 * as an adjustment in the ledger; then every quote's thread.
 */
async function readyVendors(db: Kysely<DB>, sampleEmail: string, count: number, pool: number) {
  const snapshot = await loadSnapshot(path.join(REPO_ROOT, 'schemas'));
  const now = Date.now();
  const vendors: Omit<MixVendor, 'token'>[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = sampleEmail.replace(/-0@/, `-${i}@`).toLowerCase();
    const { vendor_id: vendorId } = await db.selectFrom('users').select('vendor_id').where('email', '=', email).executeTakeFirstOrThrow();
    const { category_id: categoryId } = await db
      .selectFrom('matching_profiles')
      .select('category_id')
      .where('vendor_id', '=', vendorId)
      .executeTakeFirstOrThrow();
    const quotes = await db
      .selectFrom('quotes')
      .select(['id', 'status'])
      .where('vendor_id', '=', vendorId)
      .where('status', '!=', 'potential')
      .orderBy('id')
      .execute();
    const pooled = await insertQuotes(
      db,
      vendorId,
      Array.from({ length: pool }, (_, index) => ({ categoryId, status: 'potential' as const, createdAt: now - DAY_MS + index * 1_000 })),
      1_000,
    );
    const held = await db.selectFrom('credit_balances').select('balance').where('vendor_id', '=', vendorId).executeTakeFirst();
    const balance = Number(held?.balance ?? 0) + pool;
    if (held) await db.updateTable('credit_balances').set({ balance }).where('vendor_id', '=', vendorId).execute();
    else await db.insertInto('credit_balances').values({ vendor_id: vendorId, balance }).execute();
    await db
      .insertInto('credit_entries')
      .values({
        id: randomUUID(),
        vendor_id: vendorId,
        delta: pool,
        reason: 'adjustment',
        quote_id: null,
        note: 'bench',
        balance_after: balance,
        created_at: now,
      })
      .execute();
    const form = snapshot.config.forms.get(`quote-${categoryId}`);
    vendors.push({
      vendorId,
      categoryId,
      quotes: quotes.map((row) => row.id),
      writable: quotes.filter((row) => vendorWriteRefusal(row.status) === null).map((row) => row.id),
      pool: pooled,
      details: form ? answersFor(form.payload.schema as JsonSchema) : {},
    });
  }
  await openMissingThreads(db);
  return { vendors, email: (i: number) => sampleEmail.replace(/-0@/, `-${i}@`) };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

const LIST_STATUSES = ['potential', 'submitted', 'closed'] as const;

/**
 * The calls of a vendor's screens, worker w playing business w (of `vendors`): the dashboard's
 * reads (the quotes' counts, the credits, the profile's completeness, the analytics of 30 days, and
 * the shell's unread count), a page of a quote list (its tabs in turn), a quote's page (the quote
 * and its thread), answering a potential quote with a quote, and writing in a thread; the config
 * GET among them at the same weight, as the baseline.
 */
function vendorCalls(vendors: MixVendor[]): MixCall[] {
  const of = (worker: number) => vendors[worker % vendors.length] as MixVendor;
  const auth = (vendor: MixVendor) => ({ authorization: `Bearer ${vendor.token}` });
  const read = (name: string, weight: number, pathOf: (vendor: MixVendor, n: number) => string): MixCall => ({
    name,
    weight,
    next: (worker, n) => {
      const vendor = of(worker);
      return { method: 'GET', path: pathOf(vendor, n), headers: auth(vendor) };
    },
  });
  const quoteOf = (vendor: MixVendor, n: number) => vendor.quotes[n % vendor.quotes.length] ?? '';
  return [
    { name: 'GET /api/config/routes (baseline)', weight: 1, next: () => ({ method: 'GET', path: '/api/config/routes' }) },
    read('dashboard: GET /api/quotes/summary', 1, () => '/api/quotes/summary'),
    read('dashboard: GET /api/credits?limit=50', 1, () => '/api/credits?limit=50'),
    read('dashboard: GET /api/profile/completeness', 1, () => '/api/profile/completeness'),
    read('dashboard: GET /api/analytics?days=30', 1, () => '/api/analytics?days=30'),
    read('shell: GET /api/messages/unread', 1, () => '/api/messages/unread'),
    read('list: GET /api/quotes?status=…&limit=25', 2, (_, n) => `/api/quotes?status=${LIST_STATUSES[n % LIST_STATUSES.length] ?? 'potential'}&limit=25`),
    read('quote page: GET /api/quotes/:id', 2, (vendor, n) => `/api/quotes/${quoteOf(vendor, n)}`),
    read('quote page: GET /api/quotes/:id/messages', 2, (vendor, n) => `/api/quotes/${quoteOf(vendor, n)}/messages`),
    {
      name: 'submit: POST /api/quotes/:id/submit',
      weight: 1,
      next: (worker) => {
        const vendor = of(worker);
        const id = vendor.pool.pop();
        if (!id) return null;
        vendor.quotes.push(id);
        vendor.writable.push(id);
        return {
          method: 'POST',
          path: `/api/quotes/${id}/submit`,
          headers: { ...auth(vendor), 'idempotency-key': randomUUID() },
          body: { priceCents: 185_000, message: 'Thank you for thinking of us: here is what we propose.', details: vendor.details },
        };
      },
    },
    {
      name: 'message: POST /api/quotes/:id/messages',
      weight: 1,
      next: (worker, n) => {
        const vendor = of(worker);
        const quoteId = vendor.writable[(n * 7) % Math.max(1, vendor.writable.length)];
        if (!quoteId) return null;
        return {
          method: 'POST',
          path: `/api/quotes/${quoteId}/messages`,
          headers: auth(vendor),
          body: { body: `Happy to help: anything else you need? (${n})` },
        };
      },
    },
  ];
}

/** A seeded store with the server on it: SQLite (a copy of the cached folder) or PostgreSQL (a database of its own, dropped after). */
export interface MixedStore {
  kind: 'sqlite' | 'postgres';
  server: InspectedAppServer;
  vendors: MixVendor[];
  /** Seconds to seed or restore it and ready the businesses. */
  setupSeconds: number;
  cached: boolean;
  /** Where the server delivers its mail. */
  mail: SmtpSink;
  close(): Promise<void>;
}

const SEED_ARGS = ['--quotes', String(VOLUME.quotes), '--vendors', String(VOLUME.vendors)];

/** The marketplace bench's seed (100,000 quotes over 2,000 businesses) on `kind`, its businesses readied with `pool` quotes to answer each, and the server on it. */
export async function openStore(kind: 'sqlite' | 'postgres', pool: number): Promise<MixedStore> {
  const mail = await startSmtpSink();
  try {
    const store = await openSeededStore(kind, pool, mail.url);
    return { ...store, mail, close: () => store.close().finally(() => mail.close()) };
  } catch (error) {
    await mail.close();
    throw error;
  }
}

/** A seeded copy to bench on, before its businesses are readied and the server starts on it. */
interface SeededCopy {
  database: () => ReturnType<typeof openDatabase>;
  /** Where the server finds it: a data folder, or DATABASE_URL. */
  server: { dataDir?: string; env?: Record<string, string> };
  email: string;
  password: string;
  cached: boolean;
  remove(): Promise<void>;
}

async function seededCopy(kind: 'sqlite' | 'postgres'): Promise<SeededCopy> {
  if (kind === 'sqlite') {
    const seeded = await seededDataDir('lists', SEED_ARGS);
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-mixed-'));
    const remove = () => rm(dir, { recursive: true, force: true });
    await cp(seeded.dir, dir, { recursive: true }).catch(async (error: unknown) => {
      await remove();
      throw error;
    });
    const database = () => openDatabase({ kind: 'sqlite', file: path.join(dir, 'vowly.sqlite') });
    return { database, server: { dataDir: dir }, email: seeded.email, password: seeded.password, cached: true, remove };
  }
  const cacheDir = path.join(REPO_ROOT, 'tests/artifacts/bench-volume', `lists-postgres-${sourcesHash()}`);
  const seeded = await seededPostgres('vowly_bench_mixed', SEED_ARGS, cacheDir);
  return {
    database: () => openDatabase({ kind: 'postgres', url: seeded.url }),
    server: { env: { DATABASE_URL: seeded.url } },
    email: seeded.email,
    password: seeded.password,
    cached: seeded.cached,
    remove: () => seeded.drop(),
  };
}

/** Each business writes thousands of messages in a run, beyond a person's 300 an hour: the limit is not what is measured. */
const BENCH_MESSAGES_PER_USER = 1_000_000;

async function openSeededStore(kind: 'sqlite' | 'postgres', pool: number, smtpUrl: string): Promise<Omit<MixedStore, 'mail'>> {
  const started = performance.now();
  const copy = await seededCopy(kind);
  try {
    const database = await copy.database();
    const ready = await readyVendors(database.db, copy.email, VENDORS, pool).finally(() => database.close());
    // ACCESS_TOKEN_TTL_SECONDS: a token signed in before a 10-minute soak outlives it (the default is 15 minutes).
    const server = await startInspectedAppServer({
      ...copy.server,
      env: { ACCESS_TOKEN_TTL_SECONDS: '86400', SMTP_URL: smtpUrl, RATE_LIMIT_MESSAGES_PER_USER: String(BENCH_MESSAGES_PER_USER), ...copy.server.env },
    });
    try {
      const vendors = await Promise.all(
        ready.vendors.map(async (vendor, i) => ({ ...vendor, token: await signIn(server.url, ready.email(i), copy.password) })),
      );
      return {
        kind,
        server,
        vendors,
        setupSeconds: (performance.now() - started) / 1000,
        cached: copy.cached,
        close: () => server.stop().finally(() => copy.remove()),
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await copy.remove();
    throw error;
  }
}

/** A call's figures alone (beside the config GET measured right before it) and in the mix. */
export interface CallResult {
  name: string;
  alone: CallFigures;
  configAlone: CallFigures;
  mixed: CallFigures;
}

export interface StoreResult {
  kind: 'sqlite' | 'postgres';
  setupSeconds: number;
  cached: boolean;
  calls: CallResult[];
  /** The config GET's figures in the mix (the p99 baseline of the mixed figures). */
  configMixed: CallFigures;
  mix: { rps: number; seconds: number };
  /** Messages the server delivered to the SMTP sink during the part. */
  mailed: number;
}

/**
 * On one store: a warm-up of the mix, then each call alone at 10 connections for `seconds`, each
 * after the config GET alone for as long; then the whole mix for 4 × `seconds`.
 */
export async function benchMixedStore(kind: 'sqlite' | 'postgres', seconds: number): Promise<StoreResult> {
  // Submits alone at 10 connections answer a few hundred quotes a second; each business gets enough for that and the mix.
  const store = await openStore(kind, 60 * seconds + 500);
  try {
    const calls = vendorCalls(store.vendors);
    const config = calls[0] as MixCall;
    const options = { connections: MIXED_CONNECTIONS, seconds };
    await runMix(store.server.url, calls, { ...options, seconds: Math.max(2, seconds / 2) });
    const results: CallResult[] = [];
    for (const call of calls.slice(1)) {
      const [configAlone] = (await runMix(store.server.url, [config], options)).calls;
      const [alone] = (await runMix(store.server.url, [{ ...call, weight: 1 }], options)).calls;
      if (!configAlone || !alone) throw new Error('no figures');
      results.push({ name: call.name, alone, configAlone, mixed: alone });
    }
    const mix = await runMix(store.server.url, calls, { ...options, seconds: 4 * seconds });
    const configMixed = mix.calls[0] as CallFigures;
    for (const result of results) result.mixed = mix.calls.find((figures) => figures.name === result.name) ?? result.mixed;
    const total = mix.calls.reduce((sum, figures) => sum + figures.count, 0);
    return {
      kind,
      setupSeconds: store.setupSeconds,
      cached: store.cached,
      calls: results,
      configMixed,
      mix: { rps: total / mix.seconds, seconds: mix.seconds },
      mailed: store.mail.accepted(),
    };
  } finally {
    await store.close();
  }
}

/** One sample of the soak: the server's memory after a forced GC once `minute` minutes of the mix have run. */
export interface SoakSample {
  minute: number;
  memory: MemoryReading;
  /** Calls answered in that minute, and its slowest call's p99. */
  calls: number;
  p99: number;
  /** Each call's figures in that minute. */
  figures: CallFigures[];
}

/**
 * The mix for `minutes` minutes on one store, in one-minute rounds; after the warm-up and after
 * each round the load pauses while the server's memory is read after a forced GC (through its
 * inspector). Passes when the heap after GC and VmRSS at the last minute are each at most
 * SOAK_GROWTH_LIMIT above the middle minute's.
 */
export async function soakMixed(kind: 'sqlite' | 'postgres', minutes: number, log: (sample: SoakSample) => void) {
  // About 40 submits a second in the mix over ten businesses (measured): four a second each, and some to spare.
  const store = await openStore(kind, 300 * minutes + 500);
  try {
    const calls = vendorCalls(store.vendors);
    const options = { connections: MIXED_CONNECTIONS, seconds: 60 };
    await runMix(store.server.url, calls, { ...options, seconds: 10 });
    const samples: SoakSample[] = [{ minute: 0, memory: await memoryAfterGc(store.server.pid, store.server.inspector), calls: 0, p99: 0, figures: [] }];
    log(samples[0] as SoakSample);
    let skipped = 0;
    for (let minute = 1; minute <= minutes; minute += 1) {
      const round = await runMix(store.server.url, calls, options);
      skipped += round.calls.reduce((sum, figures) => sum + figures.skipped, 0);
      const sample = {
        minute,
        memory: await memoryAfterGc(store.server.pid, store.server.inspector),
        calls: round.calls.reduce((sum, figures) => sum + figures.count, 0),
        p99: Math.max(...round.calls.map((figures) => figures.p99)),
        figures: round.calls,
      };
      samples.push(sample);
      log(sample);
    }
    const middle = samples[Math.ceil(minutes / 2)] as SoakSample;
    const last = samples[samples.length - 1] as SoakSample;
    const heapGrowth = last.memory.heapUsed / middle.memory.heapUsed - 1;
    const rssGrowth = last.memory.rss / middle.memory.rss - 1;
    return {
      kind,
      samples,
      middle: middle.minute,
      heapGrowth,
      rssGrowth,
      skipped,
      mailed: store.mail.accepted(),
      passed: heapGrowth <= SOAK_GROWTH_LIMIT && rssGrowth <= SOAK_GROWTH_LIMIT,
    };
  } finally {
    await store.close();
  }
}
