import type { Kysely } from 'kysely';
import type { AdjustableClock, Clock } from '../core/clock';
import type { Database } from '../core/db/database';
import type { DB } from '../core/db/schema';
import type { JobDefinition, JobQueue, JobRequest, JobRunner } from '../core/jobs/job-runner';
import type { Logger } from '../core/logger';

/** A job waiting on the story's clock, in the order it was enqueued. */
interface Waiting {
  job: JobRequest;
  runAt: number;
  order: number;
}

/**
 * The time the demo's past is told in: a clock set back to the story's start that only moves
 * forward, and a job runner on it that runs each job when the clock passes its due time, at that
 * time. The app's modules are built on both (`DemoDeps.onClock`), so everything a step does and
 * everything it sets off (the welcome credits, a match, its expiry, a booking completed the day
 * after the event, a plan renewed) is dated when it would have happened, in the order it would
 * have happened: the credits ledger's running balance reads true from top to bottom.
 */
export interface StoryTime {
  clock: AdjustableClock;
  jobs: JobRunner;
  /** Moves the clock to `time` (never back), running the jobs due by then, each at its due time. */
  moveTo(time: number): Promise<void>;
  /** Hands the jobs not yet due (and any that failed) to the app's runner, with their due times, in one transaction. */
  handOver(runner: JobQueue): Promise<void>;
}

/** The story's time from `start` (epoch ms on the app's clock `real`); its jobs commit with `database`'s transactions. */
export function createStoryTime(real: Clock, start: number, logger: Logger, database: Database): StoryTime {
  let behind = Math.max(0, real.now() - start);
  const definitions = new Map<string, JobDefinition<never>>();
  let waiting: Waiting[] = [];
  let enqueued = 0;
  let running: Promise<void> = Promise.resolve();

  const clock: AdjustableClock = {
    now: () => real.now() - behind,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
      // The story's time never passes the app's: its last step is now.
      behind = Math.max(0, behind - ms);
    },
    offset: () => real.now() - behind - Date.now(),
  };

  const isWaiting = (job: JobRequest) => job.dedupeKey !== undefined && waiting.some((w) => w.job.name === job.name && w.job.dedupeKey === job.dedupeKey);

  const nextDue = (by: number): Waiting | undefined => waiting.filter((w) => w.runAt <= by).sort((a, b) => a.runAt - b.runAt || a.order - b.order)[0];

  /** Runs one job as the app's runner would; a failure is logged and the job waits for the app's runner to try again. */
  const run = async (entry: Waiting) => {
    waiting = waiting.filter((w) => w !== entry);
    const definition = definitions.get(entry.job.name);
    try {
      if (!definition) throw new Error(`no job is defined with the name "${entry.job.name}"`);
      await definition.handler(entry.job.payload as never, { id: `story-${String(entry.order)}`, attempt: 1, attempts: 1 });
    } catch (error) {
      logger.warn('demo story: a job failed; the app runner retries it', {
        job: entry.job.name,
        error: error instanceof Error ? error.message : String(error),
      });
      waiting.push({ ...entry, runAt: Number.POSITIVE_INFINITY });
    }
  };

  const runDueBy = async (time: number) => {
    for (let entry = nextDue(time); entry; entry = nextDue(time)) {
      if (entry.runAt > clock.now()) clock.advance(entry.runAt - clock.now());
      running = run(entry);
      await running;
    }
  };

  const jobs: JobRunner = {
    define(definition) {
      definitions.set(definition.name, definition as JobDefinition<never>);
    },
    async enqueue(trx: Kysely<DB>, job) {
      const runAt = job.runAt ?? clock.now();
      // Like the app's runner: only a committed change leaves its job, and one key waits once.
      database.afterCommit(trx, () => {
        if (!isWaiting(job)) waiting.push({ job: job as JobRequest, runAt, order: (enqueued += 1) });
      });
    },
    // The story runs its jobs itself, as its clock moves (`moveTo`): there is no polling to start.
    async start() {},
    async stop() {
      await running;
    },
    runDue: () => runDueBy(clock.now()),
    // Due times are read from the same clock: nothing to move.
    async clockAdvanced() {},
  };

  return {
    clock,
    jobs,
    async moveTo(time) {
      await runDueBy(time);
      if (time > clock.now()) clock.advance(time - clock.now());
    },
    async handOver(runner) {
      const left = waiting.sort((a, b) => a.order - b.order);
      waiting = [];
      const now = real.now();
      await database.writeTransaction(async (trx) => {
        for (const { job, runAt } of left) await runner.enqueue(trx, { ...job, runAt: Number.isFinite(runAt) ? runAt : now });
      });
    },
  };
}
