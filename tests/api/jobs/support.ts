import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClock, type AdjustableClock } from '../../../server/core/clock';
import { openDatabase, type Database } from '../../../server/core/db/database';
import { migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import type { JobRunner } from '../../../server/core/jobs/job-runner';
import { createPgBossRunner } from '../../../server/core/jobs/pg-boss-runner';
import { createTableJobRunner } from '../../../server/core/jobs/table-job-runner';
import { createMemoryLogger } from '../../../server/core/logger';

/** Shared helpers of the job runner suites (not a test file). */

export type RunnerKind = 'sqlite' | 'postgres';

/** The runners a suite covers: the embedded one always, the PostgreSQL engine when TEST_DATABASE_URL is set. */
export function jobRunnerKinds(): RunnerKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Runners over one store, as several instances would have, with the clock they share. */
export interface RunnerKit {
  /** A connection of the first instance, for enqueuing. */
  database: Database;
  runners: JobRunner[];
  clock: AdjustableClock;
  logger: ReturnType<typeof createMemoryLogger>;
  /** Every runner runs what is due now, until nothing is. */
  runDue(): Promise<void>;
  /** Moves the clock (as /dev/clock does) and runs what became due. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** `runners` runner instances (default 1), each with its own database connection, on a fresh store. */
export async function createJobRunnerFor(kind: RunnerKind, options: { runners?: number } = {}): Promise<RunnerKit> {
  if (kind === 'postgres') return createPgBossKit(options.runners ?? 1);
  const clock = createClock();
  const logger = createMemoryLogger();
  const dir = await mkdtemp(path.join(tmpdir(), 'jobs-'));
  // One connection for every runner: better-sqlite3 is synchronous, so a second connection in the
  // same process would wait for a lock with the event loop blocked. SQLite serves one instance;
  // several instances are the PostgreSQL case.
  const database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'jobs.sqlite') });
  await migrateToLatest(database.db as never, migrations);
  const runners = Array.from({ length: options.runners ?? 1 }, () => createTableJobRunner({ database, clock, logger, pollMs: 10 }));
  return kitOf({ database, runners, clock, logger }, async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });
}

/** pg-boss runners, each with its own pool, over one private pg-boss schema next to a private app schema. */
async function createPgBossKit(count: number): Promise<RunnerKit> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const clock = createClock();
  const logger = createMemoryLogger();
  const suffix = randomBytes(6).toString('hex');
  const appSchema = `t_${suffix}`;
  const bossSchema = `pgboss_${suffix}`;
  const admin = await openDatabase({ kind: 'postgres', url });
  await admin.db.schema.createSchema(appSchema).execute();
  await admin.close();
  const database = await openDatabase({ kind: 'postgres', url, schema: appSchema });
  await migrateToLatest(database.db as never, migrations, appSchema);
  const runners = Array.from({ length: count }, () =>
    createPgBossRunner({ connectionString: url, schema: bossSchema, database, clock, logger, pollingIntervalSeconds: 0.5, maxConnections: 4 }),
  );
  return kitOf({ database, runners, clock, logger }, async () => {
    await database.close();
    const cleanup = await openDatabase({ kind: 'postgres', url });
    for (const schema of [bossSchema, appSchema]) await cleanup.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await cleanup.close();
  });
}

/** The kit over built runners; `release` frees what they stood on once they stopped. */
function kitOf(parts: Pick<RunnerKit, 'database' | 'runners' | 'clock' | 'logger'>, release: () => Promise<void>): RunnerKit {
  const runDue = async () => {
    await Promise.all(parts.runners.map((runner) => runner.runDue()));
  };
  return {
    ...parts,
    runDue,
    async advance(ms) {
      parts.clock.advance(ms);
      // Every runner is told, as every instance's /dev/clock would be; what they share (pg-boss's tables) moves once.
      for (const runner of parts.runners) await runner.clockAdvanced(parts.clock.offset());
      await runDue();
    },
    async close() {
      for (const runner of parts.runners) await runner.stop();
      await release();
    },
  };
}
