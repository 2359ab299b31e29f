import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { DEMO_ACCOUNT, createGoogleVerifier } from './auth';
import { SchemaLoadError, createSchemaStore } from './config';
import { createClock, type Clock } from './core/clock';
import { openDatabase, type Database } from './core/db/database';
import { migrateToLatest } from './core/db/migrate';
import { migrations } from './migrations';
import { logDevTools, planDevTools } from './core/dev/dev-tools';
import { EnvError, parseEnv, type Env } from './core/env';
import { installGracefulShutdown, type GracefulShutdown } from './core/http/graceful-shutdown';
import { createSharedCounters } from './core/http/redis-counter-store';
import type { JobRunner } from './core/jobs/job-runner';
import { createPgBossRunner } from './core/jobs/pg-boss-runner';
import { createTableJobRunner } from './core/jobs/table-job-runner';
import { createLogger, type Logger } from './core/logger';
import { createMailTransport } from './core/mail/mail-transport';
import { loadJwtSecret } from './core/secrets';
import { StartupError, describeCause } from './core/startup-error';
import { StartStopped, guardStartup, type StartupGuard } from './core/startup-signals';
import { retireDemoAccount, seedDemoAccount } from './demo';
import { createRedisLiveBus } from './live';
import { reconcileProfiles } from './matching';
import { prepareMediaDir } from './profile';

function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StartupError(`Cannot use DATA_DIR ${dir} (${describeCause(error)}). It must be a folder the server may write to.`, { cause: error });
  }
}

/** Migrations are the first statements: a database that cannot be reached or written fails here. */
async function migrate(database: Database): Promise<string[]> {
  try {
    return await migrateToLatest(database.db as never, migrations);
  } catch (error) {
    const where = database.dialect === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : 'the SQLite database';
    throw new StartupError(`Cannot bring ${where} up to date (${describeCause(error)}).`, { cause: error });
  }
}

/** The job runner of the store: the in-process one over SQLite; pg-boss (shared by every instance) with DATABASE_URL. */
function createJobRunner(env: Env, database: Database, clock: Clock, logger: Logger): JobRunner {
  if (env.DATABASE_URL) return createPgBossRunner({ connectionString: env.DATABASE_URL, database, clock, logger });
  return createTableJobRunner({ database, clock, logger });
}

/**
 * Server entry: the only place that reads the environment, opens the database and listens. A
 * signal during start-up stops it at the next `checkpoint`, closing what `opened` recorded.
 */
async function main(logger: Logger, startup: StartupGuard) {
  const env = parseEnv(process.env);
  const schemas = await createSchemaStore({ dir: env.SCHEMAS_DIR, logger, watch: env.WATCH_SCHEMAS });
  startup.opened({ name: 'schema watcher', run: () => schemas.close() });
  startup.checkpoint('schemas loaded');

  prepareDataDir(env.DATA_DIR);
  const uploadsDir = path.join(env.DATA_DIR, 'uploads');
  prepareMediaDir(uploadsDir);
  const secret = loadJwtSecret(env.JWT_SECRET, env.DATA_DIR);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL, logger } : { kind: 'sqlite', file: path.join(env.DATA_DIR, 'vowly.sqlite') },
  );
  startup.opened({ name: 'database', run: () => database.close() });
  startup.checkpoint('database opened');
  const applied = await migrate(database);
  if (applied.length > 0) logger.info('migrations applied', { applied });
  startup.checkpoint('migrations');

  const production = env.NODE_ENV === 'production';
  const clock = createClock();
  const jobs = createJobRunner(env, database, clock, logger);
  const mailTransport = createMailTransport({ smtpUrl: env.SMTP_URL, database, clock, logger });
  const devTools = planDevTools({ production, mailTransport: mailTransport.kind });
  const liveBus = env.REDIS_URL ? createRedisLiveBus(env.REDIS_URL, logger) : undefined;
  if (liveBus) startup.opened({ name: 'redis', run: () => liveBus.close() });
  // Several instances count every rate limit together (docs/operators.md: Running several instances).
  const counters = env.REDIS_URL ? createSharedCounters(env.REDIS_URL, () => clock.now(), logger) : undefined;
  if (counters) startup.opened({ name: 'redis counters', run: () => counters.close() });
  // The sandbox provider sends its webhooks to this server's own endpoint once it listens.
  let webhookUrl: string | null = null;
  // Readiness fails from the first SIGTERM on; the drain that knows it is installed once the server listens.
  let draining = () => false;
  const app = createApp({
    database,
    clock,
    logger,
    jobs,
    mailTransport,
    publicUrl: env.PUBLIC_URL,
    supportEmail: env.SUPPORT_EMAIL,
    schemas: schemas.current,
    auth: {
      tokens: {
        secret,
        issuer: env.PUBLIC_URL,
        audience: 'vowly-vendor-dashboard',
        accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlSeconds: env.REFRESH_TOKEN_TTL_DAYS * 86_400,
      },
      google: env.GOOGLE_CLIENT_ID ? createGoogleVerifier({ clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL }) : null,
      googleClientId: env.GOOGLE_CLIENT_ID ?? null,
      demoSignIn: production ? 'refused' : 'allowed',
    },
    limits: {
      windowMs: 15 * 60 * 1000,
      perIp: env.RATE_LIMIT_PER_IP,
      perAccount: env.RATE_LIMIT_PER_ACCOUNT,
      accountCeiling: env.RATE_LIMIT_ACCOUNT_CEILING,
      uploadsPerUser: env.RATE_LIMIT_UPLOADS_PER_USER,
      ...(env.RATE_LIMIT_MESSAGES_PER_USER === undefined ? {} : { vendorMessagesPerUser: env.RATE_LIMIT_MESSAGES_PER_USER }),
      counters,
    },
    devTools,
    trustProxy: env.TRUST_PROXY,
    clientDir: env.CLIENT_DIR,
    uploadsDir,
    billing: { webhookUrl: () => webhookUrl },
    liveBus,
    live: { maxStreamsPerBusiness: env.LIVE_STREAMS_PER_BUSINESS, maxStreamsPerAddress: env.LIVE_STREAMS_PER_ADDRESS },
    draining: () => draining(),
    accessLog: env.LOG_REQUESTS,
  });
  // Businesses from before matching existed get their matching profiles (a no-op once they have them).
  await reconcileProfiles(app.deps);
  const seeded = env.SEED_DEMO ? await seedDemoAccount(app.deps) : null;
  if (production) await retireDemoAccount(app.deps);
  startup.checkpoint('demo account');

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  startup.opened({
    name: 'http',
    run: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  startup.checkpoint('listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST}:${port}`;
  const anyAddress = env.HOST === '0.0.0.0' || env.HOST === '::';
  webhookUrl = `http://${anyAddress ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}/api/billing/webhooks`;
  await jobs.start();
  startup.opened({ name: 'jobs', run: () => jobs.stop() });
  startup.checkpoint('jobs started');
  logger.info('listening', { url, schemas: env.SCHEMAS_DIR, database: database.dialect, mail: mailTransport.kind, trustProxy: env.TRUST_PROXY });
  logDevTools(logger, devTools);
  const lines = [`\n  Vendor dashboard running at ${url}`];
  if (seeded) lines.push(`  Demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  if (devTools.tools.includes('/dev/outbox')) lines.push(`  Mail outbox: ${url}/dev/outbox (from this machine only)`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let shutdown: GracefulShutdown | undefined;
  startup.handOver(() => {
    shutdown = installGracefulShutdown({
      server,
      logger,
      lameDuckMs: env.SHUTDOWN_LAME_DUCK_MS,
      // Open event streams would hold the drain to its timeout: they are told to reconnect (elsewhere) first.
      onDrain: () => app.live.closeStreams(),
      steps: [
        { name: 'schema watcher', run: () => schemas.close() },
        { name: 'jobs', run: () => jobs.stop() },
        { name: 'database', run: () => database.close() },
        ...(liveBus ? [{ name: 'redis', run: () => liveBus.close() }] : []),
        ...(counters ? [{ name: 'redis counters', run: () => counters.close() }] : []),
      ],
    });
  });
  draining = () => shutdown?.draining ?? false;
}

// First thing: a signal before this (while modules load) has nothing to close.
const logger = createLogger();
const startup = guardStartup({ logger });
main(logger, startup).catch((error: unknown) => {
  if (error instanceof StartStopped) return void startup.stop();
  if (error instanceof EnvError || error instanceof SchemaLoadError || error instanceof StartupError) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
