import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { JobQueue, JobRunner } from '../jobs/job-runner';
import type { Mail } from './mail';
import { isPermanentMailFailure, type MailTransport } from './mail-transport';

/** Sends mail as jobs: queued in the transaction of the change it reports. */
export interface MailQueue {
  send(trx: Kysely<DB>, mail: Mail): Promise<void>;
}

const MAIL_JOB = 'mail.send';

/** 8 attempts, 30 s doubling: the last about an hour after the first. */
const MAIL_ATTEMPTS = 8;
const MAIL_BACKOFF_MS = 30_000;

/** Every mail is a `mail.send` job. */
export function createMailQueue(jobs: JobQueue): MailQueue {
  return { send: (trx, mail) => jobs.enqueue(trx, { name: MAIL_JOB, payload: mail }) };
}

/**
 * Defines the `mail.send` job: delivered over `transport` with the job's id as its Message-ID,
 * retried with backoff on timeouts, refused connections and 4xx replies, given up (and logged by
 * the runner) on 5xx or after its attempts. A restart loses nothing: the job waits in the
 * database. A job delivers once; only a crash between the server's acceptance and the job's
 * completion could repeat it, and then with the same Message-ID.
 */
export function defineMailJob(runner: JobRunner, transport: MailTransport): void {
  runner.define<Mail>({
    name: MAIL_JOB,
    attempts: MAIL_ATTEMPTS,
    backoffMs: MAIL_BACKOFF_MS,
    isPermanent: isPermanentMailFailure,
    handler: (mail, run) => transport.deliver(mail, run.id),
  });
}
