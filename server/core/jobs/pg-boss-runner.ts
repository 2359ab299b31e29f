import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { DEFAULT_JOB_ATTEMPTS, DEFAULT_JOB_BACKOFF_MS, retryDelay, type JobDefinition, type JobRun, type JobRunner } from './job-runner';

export interface PgBossRunnerOptions {
  /** The app's PostgreSQL (enqueueing joins the app's transactions). Not through pgBouncer in transaction mode. */
  connectionString: string;
  /** pg-boss's schema (default 'pgboss'), created or migrated by the first `start` or `enqueue`. */
  schema?: string;
  /** The app's database: its transactions carry the enqueued jobs. */
  database: Database;
  clock: Clock;
  logger: Logger;
  /** How often an idle worker looks for due jobs (default 2 s; pg-boss's minimum is 0.5 s). An enqueue in this instance wakes it at once. */
  pollingIntervalSeconds?: number;
  /** Jobs of one kind a worker takes and runs at once (default 4). */
  batchSize?: number;
  /** Connections in pg-boss's own pool (default 10). */
  maxConnections?: number;
  /** How long `stop` waits for running jobs before pg-boss fails them back to be retried (default 30 s). */
  stopTimeoutMs?: number;
  /** How long `runDue` waits for what is due before it throws (default 30 s). */
  runDueTimeoutMs?: number;
}

/** What a pg-boss call needs to run its SQL on another connection (`db` option). */
interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

type BossJob = PgBoss.JobWithMetadata<unknown>;

const RUN_DUE_POLL_MS = 20;

function errorText(error: unknown): string {
  const message =
    error instanceof Error ? error.message : typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return message.slice(0, 2000);
}

/** pg-boss's `db` option over the caller's Kysely transaction: its insert commits or rolls back with the change. */
function inTransaction(trx: Kysely<DB>): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}

/** pg-boss stores the retry delay in whole seconds. */
function retrySeconds(backoffMs: number, attempt: number): number {
  return Math.max(1, Math.ceil(retryDelay(backoffMs, attempt) / 1000));
}

/**
 * The job runner on PostgreSQL: pg-boss 10 (one queue per kind of job, one worker per queue in
 * each instance; SKIP LOCKED hands each job to one worker). Jobs are inserted through the
 * caller's transaction. Retry timing, permanent failures, dedupe and the test clock need a few
 * statements on pg-boss's `job` table (v10 layout) that its API has no call for; each says why.
 */
export function createPgBossRunner(options: PgBossRunnerOptions): JobRunner {
  const { database, clock, logger } = options;
  const schema = options.schema ?? 'pgboss';
  const batchSize = options.batchSize ?? 4;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const runDueTimeoutMs = options.runDueTimeoutMs ?? 30_000;
  // The constructor checks the schema name (letters, digits, underscores), so it is safe in SQL text.
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema,
    max: options.maxConnections ?? 10,
    application_name: 'vowly-jobs',
    pollingIntervalSeconds,
    // Jobs are scheduled with start_after; pg-boss's cron (and its extra worker and clock checks) is not used.
    schedule: false,
  });
  boss.on('error', (error: Error & { queue?: string }) => logger.error('job runner error', { queue: error.queue, error: errorText(error) }));

  const definitions = new Map<string, JobDefinition<never>>();
  const queues = new Map<string, Promise<void>>();
  const workers = new Map<string, string>();
  let starting: Promise<unknown> | null = null;
  let started = false;
  let stopped = false;
  let startedOn: Date | null = null;

  const bossSql = (): SqlExecutor => boss.getDb() as SqlExecutor;

  /** Opens pg-boss's pool and creates or migrates its schema, once. */
  const ready = () => {
    starting ??= boss.start().catch((error: unknown) => {
      starting = null;
      throw error;
    });
    return starting;
  };

  /** v10 inserts a job only into an existing queue (else `send` silently adds nothing). */
  const ensureQueue = (name: string) => {
    let made = queues.get(name);
    if (!made) {
      made = ready()
        .then(() => boss.createQueue(name, { name, policy: 'standard' }))
        .catch((error: unknown) => {
          queues.delete(name);
          throw error;
        });
      queues.set(name, made);
    }
    return made;
  };

  const wake = (name?: string) => {
    for (const [queue, id] of workers) if (name === undefined || queue === name) boss.notifyWorker(id);
  };

  /** Sets what pg-boss's `fail` reads next on a job this runner holds (state active). */
  const setRetry = (name: string, id: string, change: { retryLimit: number } | { retryDelaySeconds: number }) =>
    'retryLimit' in change
      ? bossSql().executeSql(`UPDATE ${schema}.job SET retry_limit = $3 WHERE name = $1 AND id = $2 AND state = 'active'`, [name, id, change.retryLimit])
      : bossSql().executeSql(`UPDATE ${schema}.job SET retry_delay = $3, retry_backoff = false WHERE name = $1 AND id = $2 AND state = 'active'`, [
          name,
          id,
          change.retryDelaySeconds,
        ]);

  const recordFailure = async (definition: JobDefinition<never>, job: BossJob, run: JobRun, error: unknown) => {
    const fields = { job: definition.name, id: job.id, error: errorText(error) };
    const permanent = definition.isPermanent?.(error) ?? false;
    if (permanent || run.attempt >= run.attempts) {
      // pg-boss retries while retry_count < retry_limit: no retry is left after this one.
      if (permanent) await setRetry(definition.name, job.id, { retryLimit: job.retryCount });
      await boss.fail(definition.name, job.id, { message: fields.error });
      logger.error('job dead', { ...fields, attempts: run.attempt, reason: permanent ? 'permanent failure' : 'out of attempts' });
      return;
    }
    // v10's own backoff waits a random 1–2× the doubled delay; the contract is an exact doubling, so
    // each failure sets this attempt's delay and pg-boss retries after it (start_after = now() + delay).
    const seconds = retrySeconds(definition.backoffMs ?? DEFAULT_JOB_BACKOFF_MS, run.attempt);
    await setRetry(definition.name, job.id, { retryDelaySeconds: seconds });
    await boss.fail(definition.name, job.id, { message: fields.error });
    logger.warn('job failed; will retry', { ...fields, attempt: run.attempt, of: run.attempts, retryInMs: seconds * 1000 });
  };

  const runJob = async (definition: JobDefinition<never>, job: BossJob) => {
    // retry_count counts the fetches after the first, so it is the number of earlier attempts.
    const run: JobRun = { id: job.id, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 };
    try {
      await definition.handler(job.data as never, run);
    } catch (error) {
      await recordFailure(definition, job, run, error ?? new Error('failed'));
      return;
    }
    await boss.complete(definition.name, job.id);
  };

  // Each job is completed or failed here, awaited, so `stop` (which waits for the callback) never
  // closes the pool under a result; pg-boss's own complete after the callback then finds no active job.
  const runBatch = async (definition: JobDefinition<never>, jobs: BossJob[]) => {
    const results = await Promise.allSettled(jobs.map((job) => runJob(definition, job)));
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        logger.error('job runner failed to record a result', { job: definition.name, id: jobs[index]?.id, error: errorText(result.reason) });
    });
    // A v10 worker waits a polling interval after every batch; a full one means more may be due.
    if (jobs.length === batchSize) wake(definition.name);
  };

  /** Jobs of this runner's kinds that are due, or running since this runner started. */
  const pending = async () => {
    const { rows } = await bossSql().executeSql(
      `SELECT name, state::text AS state, count(*)::int AS count FROM ${schema}.job
       WHERE name = ANY($1::text[])
         AND ((state < 'active' AND start_after <= now()) OR (state = 'active' AND started_on >= $2))
       GROUP BY name, state ORDER BY name, state`,
      [[...definitions.keys()], startedOn],
    );
    return rows as { name: string; state: string; count: number }[];
  };

  return {
    define(definition) {
      definitions.set(definition.name, definition as JobDefinition<never>);
    },

    async enqueue(trx, job) {
      await ensureQueue(job.name);
      const on = inTransaction(trx);
      if (job.dedupeKey !== undefined) {
        // v10 honours singletonKey only through queue policies, none of which is "one waiting or
        // running": `short` allows one more while it runs or waits to retry, and every policy applies
        // to jobs without a key too. So: lock the key until this transaction ends, then look. Two
        // statements, not one: under READ COMMITTED a statement reads the snapshot taken when it
        // began, before its lock was granted, so a look in the same statement would miss a job
        // that the lock's previous holder committed while this one waited.
        await on.executeSql('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${schema}.job:${job.name}:${job.dedupeKey}`]);
        const { rows } = await on.executeSql(`SELECT 1 FROM ${schema}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`, [
          job.name,
          job.dedupeKey,
        ]);
        if (rows.length > 0) return;
      }
      const definition = definitions.get(job.name);
      // A delay rather than a time: start_after is compared with the database's now(), while runAt is
      // on the app clock (ahead of real time by the test clock's offset, and of the database's by any skew).
      const delayMs = job.runAt === undefined ? 0 : job.runAt - clock.now();
      const payload = JSON.stringify(job.payload ?? null);
      const id = await boss.send(job.name, payload as unknown as object, {
        db: on,
        ...(delayMs > 0 ? { startAfter: (delayMs / 1000).toFixed(3) } : {}),
        ...(job.dedupeKey !== undefined ? { singletonKey: job.dedupeKey } : {}),
        retryLimit: (definition?.attempts ?? DEFAULT_JOB_ATTEMPTS) - 1,
        retryDelay: retrySeconds(definition?.backoffMs ?? DEFAULT_JOB_BACKOFF_MS, 1),
        retryBackoff: false,
      });
      if (id === null) throw new Error(`pg-boss did not take the job "${job.name}" (no such queue in schema ${schema}, or pg-boss is stopped)`);
      database.afterCommit(trx, () => wake(job.name));
    },

    async start() {
      if (started) return;
      // pg-boss closes its pool on stop; a runner is made again rather than restarted.
      if (stopped) throw new Error('A stopped job runner cannot start again');
      await ready();
      const { rows } = await bossSql().executeSql('SELECT now() AS now', []);
      startedOn = rows[0]?.now as Date;
      for (const definition of definitions.values()) {
        await ensureQueue(definition.name);
        const id = await boss.work<unknown>(definition.name, { batchSize, includeMetadata: true, pollingIntervalSeconds }, (jobs) =>
          runBatch(definition, jobs),
        );
        workers.set(definition.name, id);
      }
      started = true;
    },

    async stop() {
      started = false;
      stopped = true;
      workers.clear();
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, close: true, timeout: stopTimeoutMs });
    },

    async runDue() {
      if (!started) throw new Error('The job runner is not started');
      const deadline = Date.now() + runDueTimeoutMs;
      for (;;) {
        const left = await pending();
        if (left.length === 0) return;
        if (Date.now() >= deadline) {
          throw new Error(`Jobs still due or running after ${runDueTimeoutMs} ms: ${left.map((row) => `${row.count} ${row.name} (${row.state})`).join(', ')}`);
        }
        wake();
        // Polled, not awaited: the jobs may be another instance's, and their state is in the database.
        await sleep(RUN_DUE_POLL_MS);
      }
    },

    async clockAdvanced(offsetMs) {
      const names = [...new Set([...definitions.keys(), ...queues.keys()])];
      if (offsetMs <= 0 || names.length === 0) return;
      await ready();
      // Development and tests only (the test clock): pg-boss compares start_after with the
      // database's now(), which the app clock's offset does not move, so waiting jobs move instead.
      // Instances share the job table and each is told of its own clock's move, so the table moves
      // once, to the furthest offset any of them has reached, recorded beside it: an instance
      // whose clock catches up with the others' moves nothing again. One mover at a time.
      await database.writeTransaction(async (trx) => {
        const on = inTransaction(trx);
        await on.executeSql('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${schema}.test_clock`]);
        await on.executeSql(`CREATE TABLE IF NOT EXISTS ${schema}.test_clock (id int PRIMARY KEY, offset_ms bigint NOT NULL)`, []);
        const { rows } = await on.executeSql(`SELECT offset_ms FROM ${schema}.test_clock WHERE id = 1`, []);
        const moved = Number((rows[0] as { offset_ms?: unknown } | undefined)?.offset_ms ?? 0);
        if (offsetMs <= moved) return;
        await on.executeSql(
          `UPDATE ${schema}.job SET start_after = start_after - $2 * interval '1 millisecond' WHERE name = ANY($1::text[]) AND state < 'active'`,
          [names, offsetMs - moved],
        );
        await on.executeSql(`INSERT INTO ${schema}.test_clock (id, offset_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms`, [
          offsetMs,
        ]);
      });
    },
  };
}
