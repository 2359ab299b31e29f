import type { JobRunner } from '../core/jobs/job-runner';
import type { CoreDeps } from '../core/deps';
import * as repo from './requests.repository';

/** An unconfirmed request is closed after this many days. */
export const UNCONFIRMED_DAYS = 14;

export const REQUEST_JOBS = {
  /** A request never confirmed closes (set when it is created). */
  expireUnconfirmed: 'requests.expire-unconfirmed',
  /**
   * The day after the event, a request still open closes (set when it is confirmed; a booked one
   * stays booked). Its name is from when only unmatched requests had it: jobs queued then still run.
   */
  closeAfterEvent: 'requests.close-unmatched',
} as const;

interface RequestJob {
  requestId: string;
}

/** The request's lifecycle on the clock: each job moves the request only from the status it expects. */
export function defineRequestJobs(runner: JobRunner, deps: Pick<CoreDeps, 'database' | 'clock'>): void {
  runner.define<RequestJob>({
    name: REQUEST_JOBS.expireUnconfirmed,
    handler: async ({ requestId }) => {
      await deps.database.writeTransaction(async (trx) => {
        await repo.moveRequest(trx, requestId, ['unconfirmed'], 'closed', deps.clock.now());
      });
    },
  });
  runner.define<RequestJob>({
    name: REQUEST_JOBS.closeAfterEvent,
    handler: async ({ requestId }) => {
      await deps.database.writeTransaction(async (trx) => {
        await repo.moveRequest(trx, requestId, ['open'], 'closed', deps.clock.now());
      });
    },
  });
}
