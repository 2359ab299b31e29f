import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createApp } from '../server/app';
import { createSchemaStore } from '../server/config';
import { createClock } from '../server/core/clock';
import { openDatabase } from '../server/core/db/database';
import { migrateToLatest } from '../server/core/db/migrate';
import { migrations } from '../server/migrations';
import { planDevTools } from '../server/core/dev/dev-tools';
import { EnvError, parseEnv } from '../server/core/env';
import { createTableJobRunner } from '../server/core/jobs/table-job-runner';
import { createLogger } from '../server/core/logger';
import { createMailTransport } from '../server/core/mail/mail-transport';
import { loadJwtSecret } from '../server/core/secrets';
import { StartupError } from '../server/core/startup-error';
import { seedVolume, VOLUME_PASSWORD } from './volume/seed-volume';

/** A wrong command line or a refusal: printed alone, exit 1. */
class UsageError extends Error {}

const argsSchema = z.object({
  quotes: z.coerce.number().int().min(1).max(2_000_000).default(10_000),
  vendors: z.coerce.number().int().min(1).max(50_000).optional(),
  seed: z.coerce.number().int().min(0).default(1),
  category: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});

/** `--quotes 100000 --vendors 2000 --seed 7` as an object (unknown flags are an error). */
function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = /^--(quotes|vendors|seed|category)$/.exec(argv[i] ?? '');
    if (!flag?.[1] || argv[i + 1] === undefined)
      throw new UsageError(`Usage: npm run seed:volume -- --quotes N [--vendors M] [--seed S] [--category ID] (got "${argv.slice(i).join(' ')}")`);
    out[flag[1]] = argv[i + 1] as string;
  }
  return out;
}

/**
 * `npm run seed:volume -- --quotes N`: fills the database the environment names (DATA_DIR's
 * SQLite file, or DATABASE_URL) with businesses and about N quotes for benchmarks. Never in
 * production. The businesses sign in with VOLUME_PASSWORD.
 */
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
// Warnings and errors only: a line per registered business would bury the progress.
const printed = createLogger('seed-volume');
const logger = { info: () => undefined, warn: printed.warn, error: printed.error };
try {
  const env = parseEnv(process.env);
  if (env.NODE_ENV === 'production') throw new UsageError('seed:volume fills a database with made-up businesses and couples: never with NODE_ENV=production.');
  const parsed = argsSchema.safeParse(parseArgs(process.argv.slice(2)));
  if (!parsed.success)
    throw new UsageError(
      `Usage: npm run seed:volume -- --quotes N [--vendors M] [--seed S] [--category ID]: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  const { quotes, seed, category } = parsed.data;
  const vendors = parsed.data.vendors ?? Math.max(10, Math.round(quotes / 50));

  mkdirSync(env.DATA_DIR, { recursive: true });
  const schemas = await createSchemaStore({ dir: env.SCHEMAS_DIR, logger, watch: false });
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: path.join(env.DATA_DIR, 'vowly.sqlite') },
  );
  try {
    await migrateToLatest(database.db as never, migrations);
    const clock = createClock();
    // Jobs the seed queues (welcome mail) wait for the server; this process runs none.
    const jobs = createTableJobRunner({ database, clock, logger });
    const mailTransport = createMailTransport({ smtpUrl: env.SMTP_URL, database, clock, logger });
    const app = createApp({
      database,
      clock,
      logger,
      jobs,
      mailTransport,
      publicUrl: env.PUBLIC_URL,
      schemas: schemas.current,
      auth: {
        tokens: {
          secret: loadJwtSecret(env.JWT_SECRET, env.DATA_DIR),
          issuer: env.PUBLIC_URL,
          audience: 'vowly-vendor-dashboard',
          accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
          refreshTtlSeconds: env.REFRESH_TOKEN_TTL_DAYS * 86_400,
        },
        google: null,
        googleClientId: null,
        demoSignIn: 'allowed',
      },
      devTools: planDevTools({ production: false, mailTransport: mailTransport.kind }),
      clientDir: null,
    });
    const started = Date.now();
    console.log(
      `Seeding ${vendors} businesses and about ${quotes} quotes into ${env.DATABASE_URL ? 'the DATABASE_URL database' : path.join(env.DATA_DIR, 'vowly.sqlite')}…`,
    );
    const result = await seedVolume(app.deps, { quotes, vendors, seed, category, log: (line) => console.log(line) });
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.vendors.length} businesses, ${result.requests} requests, ${result.quotes} quotes. Sign in as ${result.sample.email} / ${VOLUME_PASSWORD}.`,
    );
  } finally {
    await database.close();
    await schemas.close();
  }
} catch (error) {
  if (!(error instanceof UsageError || error instanceof EnvError || error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
