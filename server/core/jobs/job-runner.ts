import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A job to run: its kind (a name some module defined), its JSON payload, when, and at most one pending per key. */
export interface JobRequest<P = unknown> {
  name: string;
  payload: P;
  /** Epoch ms on the server clock; now when omitted. */
  runAt?: number;
  /** While a job with this key (and name) waits or runs, enqueuing another is a no-op. */
  dedupeKey?: string;
}

/** Enqueues jobs inside the transaction that causes them: a rolled-back change leaves no job. */
export interface JobQueue {
  enqueue<P>(trx: Kysely<DB>, job: JobRequest<P>): Promise<void>;
}

/** What a handler knows about the run it is in. */
export interface JobRun {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Attempts before the job is given up. */
  attempts: number;
}

/** A kind of job: its handler and how it retries. */
export interface JobDefinition<P = unknown> {
  name: string;
  handler: (payload: P, run: JobRun) => Promise<void>;
  /** Attempts before the job is dead, logged (default 5). */
  attempts?: number;
  /** Wait before the first retry; it doubles with each one (default 30 s). */
  backoffMs?: number;
  /** A failure retrying cannot fix (the address was refused): the job dies at once. */
  isPermanent?: (error: unknown) => boolean;
}

export const DEFAULT_JOB_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF_MS = 30_000;

/** The wait before attempt `attempt + 1`: `backoffMs`, doubling, at most a day. */
export function retryDelay(backoffMs: number, attempt: number): number {
  return Math.min(backoffMs * 2 ** (attempt - 1), 24 * 60 * 60 * 1000);
}

/**
 * Runs the jobs of every instance sharing the database: each job once (a second runner never
 * takes a job another holds), retried with backoff, dead after its attempts with a log line.
 */
export interface JobRunner extends JobQueue {
  /** Defines a kind of job; all kinds are defined before `start`. */
  define<P>(definition: JobDefinition<P>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (a shutdown step). */
  stop(): Promise<void>;
  /**
   * Runs every job due by the clock's time, and the due jobs those enqueue, and resolves when
   * none is due and none is running: what the test clock waits for after moving.
   */
  runDue(): Promise<void>;
  /**
   * Tells the runner the clock moved forward (the test clock) and now runs `offsetMs` ahead of the
   * system clock, before `runDue`. Instances sharing the jobs may each be told: what is due moves
   * once, to the furthest offset.
   */
  clockAdvanced(offsetMs: number): Promise<void>;
}
