import { randomBytes } from 'node:crypto';
import { createApp, type App } from '../../../server/app';
import type { GoogleVerifier } from '../../../server/auth/google-id-token';
import type { TokenConfig } from '../../../server/auth/tokens';
import { createClock, type AdjustableClock } from '../../../server/core/clock';
import { openDatabase, type Database } from '../../../server/core/db/database';
import { planDevTools } from '../../../server/core/dev/dev-tools';
import { migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import type { RateLimitSettings } from '../../../server/core/http/rate-limits';
import { createMemoryLogger } from '../../../server/core/logger';
import { createPgBossRunner } from '../../../server/core/jobs/pg-boss-runner';
import { createTableJobRunner } from '../../../server/core/jobs/table-job-runner';
import type { JobRunner } from '../../../server/core/jobs/job-runner';
import { createMailTransport, type MailTransport } from '../../../server/core/mail/mail-transport';
import type { DemoDeps } from '../../../server/demo';
import { createSchemaStore, type SchemaStore } from '../../../server/config/schema-store/schema-store';
import type { ImageQueue } from '../../../server/profile/image-queue';
import type { CalendarReader } from '../../../server/availability';
import type { LiveBus, LiveSettings } from '../../../server/live';
import { SCHEMAS_DIR } from '../schemas';

/**
 * argon2id at 1 MiB and one pass (about 1 ms) for the accounts test apps make by the thousand: at
 * the servers' cost (m=19 MiB, t=2, about 30 ms of CPU) they were a sixth of the API suite's CPU.
 * Suites about the hash itself ask for the servers' cost (`serverPasswordCost`).
 */
export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1 };

/** The databases a data-layer suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, migrated database: SQLite in memory, or a private schema in the PostgreSQL test database. */
export async function openTestDatabase(
  kind: 'sqlite' | 'postgres' = 'sqlite',
  sqliteFile = ':memory:',
  postgresUrl = process.env.TEST_DATABASE_URL,
): Promise<Database & { schema?: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const database = await openDatabase({ kind: 'sqlite', file: sqliteFile });
    await migrateToLatest(database.db as never, migrations);
    return { ...database, drop: () => database.close() };
  }
  const url = postgresUrl;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url });
  await admin.db.schema.createSchema(schema).execute();
  await admin.close();
  const database = await openDatabase({ kind: 'postgres', url, schema });
  await migrateToLatest(database.db as never, migrations, schema);
  return {
    ...database,
    schema,
    async drop() {
      await database.close();
      const cleanup = await openDatabase({ kind: 'postgres', url });
      await cleanup.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await cleanup.close();
    },
  };
}

export interface TestContext {
  app: App;
  /** The modules' deps (the core, the forms', auth's logins), as the app built them. */
  deps: DemoDeps;
  /** The token settings the app signs and checks access tokens with. */
  tokens: TokenConfig;
  /** `schema`: the PostgreSQL schema of this context (undefined on SQLite). */
  database: Database & { schema?: string };
  store: SchemaStore;
  logger: ReturnType<typeof createMemoryLogger>;
  clock: AdjustableClock;
  /** The app's job runner (started, polling quickly): `runDue()` runs what is due now. */
  jobs: JobRunner;
  /** Moves the server's clock forward (token and link expiry, limits' windows). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export interface TestContextOptions {
  database?: 'sqlite' | 'postgres';
  schemasDir?: string;
  watch?: boolean;
  rateLimits?: RateLimitSettings;
  accessTtlSeconds?: number;
  google?: { verifier: GoogleVerifier; clientId: string };
  /** Folder of uploaded images (suites that upload pass a temporary one). */
  uploadsDir?: string;
  /** The app's image queue (default: the profile module's own). */
  images?: ImageQueue;
  /** The app's calendar reader (default: the availability module's own). */
  calendars?: CalendarReader;
  /** Folder of a built client to serve (default: none, the API only). */
  clientDir?: string;
  /** A SQLite file instead of an in-memory database (kept after close). */
  sqliteFile?: string;
  /** PostgreSQL at this URL instead of TEST_DATABASE_URL's (a proxy a test can cut). */
  postgresUrl?: string;
  /** Build the app as NODE_ENV=production does (no development tools, no demo sign-in, the servers' password cost). */
  production?: boolean;
  /** Hash passwords at the cost every server uses (OWASP's, ~30 ms of CPU a hash) rather than {@link TEST_PASSWORD_COST}. */
  serverPasswordCost?: boolean;
  /** The job runner: the embedded one (default, on both stores) or pg-boss, as production runs on PostgreSQL (needs `database: 'postgres'`). */
  jobRunner?: 'table' | 'pg-boss';
  /** A second instance: this context's app on that one's database and token secret (its close leaves the database to that one). */
  shareDatabaseWith?: TestContext;
  /** How live events reach streams (default: in process; tests of several instances pass Redis's). */
  liveBus?: LiveBus;
  /** The live streams' heartbeat and bounds. */
  live?: Partial<LiveSettings>;
  /** Whether the instance is shutting down, as `GET /readyz` reads it (default: never). */
  draining?: () => boolean;
  /** One log line per request (LOG_REQUESTS). */
  accessLog?: boolean;
  /** Where mail goes (default: the development mailbox). */
  mailTransport?: (deps: { database: Database; clock: AdjustableClock; logger: ReturnType<typeof createMemoryLogger> }) => MailTransport;
}

/**
 * A whole app on a fresh database and the real (or a copied) schema folder. Jobs run on the
 * embedded runner on both stores (its SQL is portable) unless `jobRunner` asks for pg-boss.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const logger = createMemoryLogger();
  const shared = options.shareDatabaseWith?.database;
  const database = shared ? { ...shared, drop: async () => {} } : await openTestDatabase(options.database ?? 'sqlite', options.sqliteFile, options.postgresUrl);
  const store = await createSchemaStore({ dir: options.schemasDir ?? SCHEMAS_DIR, logger, watch: options.watch ?? false, debounceMs: 20 });
  const clock = createClock();
  const runner =
    options.jobRunner === 'pg-boss'
      ? createTestPgBoss(database, clock, logger)
      : { jobs: createTableJobRunner({ database, clock, logger, pollMs: 20 }), drop: async () => {} };
  const { jobs } = runner;
  const mailTransport = options.mailTransport?.({ database, clock, logger }) ?? createMailTransport({ smtpUrl: undefined, database, clock, logger });
  // A second instance signs and checks tokens with the first one's secret, as instances share JWT_SECRET.
  const tokens: TokenConfig = options.shareDatabaseWith?.tokens ?? {
    secret: randomBytes(32),
    issuer: 'http://127.0.0.1:3000',
    audience: 'vowly-vendor-dashboard',
    accessTtlSeconds: options.accessTtlSeconds ?? 900,
    refreshTtlSeconds: 30 * 86_400,
  };
  const app = createApp({
    database,
    clock,
    logger,
    jobs,
    mailTransport,
    publicUrl: 'http://127.0.0.1:3000',
    schemas: store.current,
    auth: {
      tokens,
      google: options.google?.verifier ?? null,
      googleClientId: options.google?.clientId ?? null,
      demoSignIn: options.production ? 'refused' : 'allowed',
      passwordCost: options.production || options.serverPasswordCost ? undefined : TEST_PASSWORD_COST,
    },
    limits: options.rateLimits ?? { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
    devTools: planDevTools({ production: options.production ?? false, mailTransport: mailTransport.kind }),
    clientDir: options.clientDir ?? null,
    uploadsDir: options.uploadsDir,
    images: options.images,
    calendars: options.calendars,
    liveBus: options.liveBus,
    live: options.live,
    draining: options.draining,
    accessLog: options.accessLog,
  });
  await jobs.start();
  return {
    app,
    deps: app.deps,
    tokens,
    database,
    store,
    logger,
    clock,
    jobs,
    advanceClock: (ms) => clock.advance(ms),
    async close() {
      app.live.closeStreams();
      await app.live.close();
      store.close();
      await jobs.stop();
      await runner.drop();
      await database.drop();
    },
  };
}

/** pg-boss in its own schema beside the test database's, polling quickly; `drop` removes that schema once it stopped. */
function createTestPgBoss(
  database: Database & { schema?: string },
  clock: AdjustableClock,
  logger: ReturnType<typeof createMemoryLogger>,
): { jobs: JobRunner; drop(): Promise<void> } {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !database.schema) throw new Error('pg-boss needs the PostgreSQL test database (TEST_DATABASE_URL and database: postgres)');
  const schema = `pgboss_${database.schema}`;
  return {
    jobs: createPgBossRunner({ connectionString: url, schema, database, clock, logger, pollingIntervalSeconds: 0.5, maxConnections: 4 }),
    async drop() {
      const cleanup = await openDatabase({ kind: 'postgres', url });
      await cleanup.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await cleanup.close();
    },
  };
}
