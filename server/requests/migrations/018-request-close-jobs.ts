import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { startOfDayAfter } from '../../../shared/marketplace/calendar-days';

/** The tables this migration reads and writes, as they stood when it was written. */
type Tables = {
  quote_requests: { id: string; event_date: string; status: string };
  jobs: {
    id: string;
    name: string;
    payload: string;
    dedupe_key: string | null;
    state: string;
    run_at: number;
    attempts: number;
    max_attempts: number;
    locked_until: number | null;
    last_error: string | null;
    created_at: number;
    updated_at: number;
  };
};

/** The job's name (requests.jobs.ts: REQUEST_JOBS.closeAfterEvent) and its attempts, as they were then. */
const CLOSE_JOB = 'requests.close-unmatched';
const ATTEMPTS = 5;
const BATCH = 500;

/**
 * When requests became a module of their own, closing an open request the day after its event
 * moved from each of its quotes' "after the event" jobs to one job of the request, set when it is
 * confirmed. A request confirmed before then has no such job (only an unmatched one had): this
 * queues it for every open request, so each still closes the day after its event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db.withTables<Tables>();
  const open = await typed
    .selectFrom('quote_requests')
    .select(['id', 'event_date'])
    .where('status', '=', 'open')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs')
            .select('jobs.id')
            .where('jobs.name', '=', CLOSE_JOB)
            .whereRef('jobs.dedupe_key', '=', 'quote_requests.id')
            .where('jobs.state', 'in', [sql.lit('waiting'), sql.lit('running')]),
        ),
      ),
    )
    .execute();
  const now = Date.now();
  for (let i = 0; i < open.length; i += BATCH) {
    await typed
      .insertInto('jobs')
      .values(
        open.slice(i, i + BATCH).map((request) => ({
          id: randomUUID(),
          name: CLOSE_JOB,
          payload: JSON.stringify({ requestId: request.id }),
          dedupe_key: request.id,
          state: 'waiting',
          run_at: startOfDayAfter(request.event_date),
          attempts: 0,
          max_attempts: ATTEMPTS,
          locked_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** Nothing to undo: each job it queued closes an open request after its event, as the quotes' jobs did before. */
export async function down(): Promise<void> {}
