import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { DEFAULT_JOB_ATTEMPTS, DEFAULT_JOB_BACKOFF_MS, retryDelay, type JobDefinition, type JobRunner } from './job-runner';
import type { JobRow } from './jobs.table';

export interface TableJobRunnerOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** How often an idle runner looks for due jobs (default 1 s; an enqueue wakes it at once). */
  pollMs?: number;
  /** Jobs run at once by this runner (default 4: most jobs wait on the network). */
  concurrency?: number;
  /** How long a taken job stays another runner's before it counts as abandoned (default 5 min). */
  leaseMs?: number;
}

/** Done jobs are kept this long (for looking into what happened), then deleted. */
const KEEP_DONE_MS = 14 * 24 * 60 * 60 * 1000;

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * The job runner of the embedded default: a durable `jobs` table in the app's own database,
 * polled by each instance on the server clock. Taking a job is one conditional UPDATE in a
 * write transaction, so two runners never take the same one.
 */
export function createTableJobRunner(options: TableJobRunnerOptions): JobRunner {
  const { database, clock, logger } = options;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const definitions = new Map<string, JobDefinition<never>>();
  const running = new Set<Promise<void>>();
  /** Polls in progress (a tick's taking of jobs and pruning): stop() waits for them and for what they took. */
  const polls = new Set<Promise<void>>();
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  /** Takes the oldest due job (waiting, or running past its lease), or null. */
  const claim = (): Promise<JobRow | null> =>
    database.writeTransaction(async (trx) => {
      const now = clock.now();
      const isDue = (eb: ExpressionBuilder<DB, 'jobs'>) =>
        eb.or([eb.and([eb('state', '=', 'waiting'), eb('run_at', '<=', now)]), eb.and([eb('state', '=', 'running'), eb('locked_until', '<', now)])]);
      // A few tries: on PostgreSQL another runner may take the job between the SELECT and the
      // UPDATE (READ COMMITTED re-reads the row after waiting for its lock), and then the UPDATE's
      // own condition finds it no longer due; the next SELECT sees that and looks further.
      for (let tries = 0; tries < 5; tries += 1) {
        const due = await trx.selectFrom('jobs').select('id').where(isDue).orderBy('run_at').orderBy('created_at').limit(1).executeTakeFirst();
        if (!due) return null;
        const taken = await trx
          .updateTable('jobs')
          .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), locked_until: now + leaseMs, updated_at: now }))
          .where('id', '=', due.id)
          .where(isDue)
          .returningAll()
          .executeTakeFirst();
        if (taken) return taken;
      }
      return null;
    });

  const finish = async (job: JobRow, definition: JobDefinition<never> | undefined, error: unknown | null) => {
    const now = clock.now();
    if (error === null) {
      await database.db.updateTable('jobs').set({ state: 'done', locked_until: null, last_error: null, updated_at: now }).where('id', '=', job.id).execute();
      return;
    }
    const permanent = !definition || (definition.isPermanent?.(error) ?? false);
    if (permanent || job.attempts >= job.max_attempts) {
      await database.db
        .updateTable('jobs')
        .set({ state: 'dead', locked_until: null, last_error: errorText(error), updated_at: now })
        .where('id', '=', job.id)
        .execute();
      logger.error('job dead', {
        job: job.name,
        id: job.id,
        attempts: job.attempts,
        reason: definition ? (permanent ? 'permanent failure' : 'out of attempts') : 'no such job',
        error: errorText(error),
      });
      return;
    }
    const runAt = now + retryDelay(definition.backoffMs ?? DEFAULT_JOB_BACKOFF_MS, job.attempts);
    await database.db
      .updateTable('jobs')
      .set({ state: 'waiting', run_at: runAt, locked_until: null, last_error: errorText(error), updated_at: now })
      .where('id', '=', job.id)
      .execute();
    logger.warn('job failed; will retry', {
      job: job.name,
      id: job.id,
      attempt: job.attempts,
      of: job.max_attempts,
      retryInMs: runAt - now,
      error: errorText(error),
    });
  };

  const execute = async (job: JobRow) => {
    const definition = definitions.get(job.name);
    let failure: unknown | null = null;
    try {
      if (!definition) throw new Error(`no job is defined with the name "${job.name}"`);
      await definition.handler(JSON.parse(job.payload) as never, { id: job.id, attempt: job.attempts, attempts: job.max_attempts });
    } catch (error) {
      failure = error ?? new Error('failed');
    }
    await finish(job, definition, failure);
  };

  /** Takes and starts due jobs while slots are free (and `more` allows); resolves when it started what it could. */
  const fill = async (more: () => boolean = () => true) => {
    while (more() && running.size < concurrency) {
      const job = await claim();
      if (!job) return;
      const run = execute(job)
        .catch((error: unknown) => logger.error('job runner failed to record a result', { job: job.name, id: job.id, error: errorText(error) }))
        .finally(() => running.delete(run));
      running.add(run);
      void run.then(() => schedule(0));
    }
  };

  const prune = async () => {
    const now = clock.now();
    if (now - lastPrune < 60 * 60 * 1000) return;
    lastPrune = now;
    await database.db
      .deleteFrom('jobs')
      .where('state', '=', 'done')
      .where('updated_at', '<', now - KEEP_DONE_MS)
      .execute();
  };

  const tick = async () => {
    timer = null;
    if (!started) return;
    const poll = (async () => {
      try {
        // No job is taken once the runner is stopping; one taken just before runs, and stop() waits for it.
        await fill(() => started);
        await prune();
      } catch (error) {
        logger.error('job runner poll failed', { error: errorText(error) });
      }
    })();
    polls.add(poll);
    await poll;
    polls.delete(poll);
    schedule(pollMs);
  };

  function schedule(delay: number) {
    if (!started) return;
    if (timer && delay > 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  return {
    define(definition) {
      definitions.set(definition.name, definition as JobDefinition<never>);
    },

    async enqueue(trx: Kysely<DB>, job) {
      const now = clock.now();
      const definition = definitions.get(job.name);
      await trx
        .insertInto('jobs')
        .values({
          id: randomUUID(),
          name: job.name,
          payload: JSON.stringify(job.payload ?? null),
          dedupe_key: job.dedupeKey ?? null,
          state: 'waiting',
          run_at: job.runAt ?? now,
          attempts: 0,
          max_attempts: definition?.attempts ?? DEFAULT_JOB_ATTEMPTS,
          locked_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          // Literals, as in the partial index's own predicate: SQLite matches the two by their text.
          oc
            .columns(['name', 'dedupe_key'])
            .where('state', 'in', [sql.lit<'waiting'>('waiting'), sql.lit<'running'>('running')])
            .doNothing(),
        )
        .execute();
      database.afterCommit(trx, () => schedule(0));
    },

    async start() {
      started = true;
      schedule(0);
    },

    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      // A poll may be taking a job at this moment: its transaction ends, and the job it took runs, before this resolves.
      await Promise.all(polls);
      await Promise.all(running);
    },

    async runDue() {
      for (;;) {
        // A poll of the runner's own may be taking a job at this moment (its transaction not yet
        // committed, the job not yet running): it is waited for, so that job is run too, not missed.
        await Promise.all(polls);
        await fill();
        if (running.size === 0 && polls.size === 0) return;
        if (running.size > 0) await Promise.race(running);
      }
    },

    async clockAdvanced() {
      // Due times are read from the same clock: nothing to move.
    },
  };
}
