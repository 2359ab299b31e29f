import type { Selectable } from 'kysely';

/** The in-process runner's jobs (SQLite). Times are epoch ms on the server clock. */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON. */
  payload: string;
  /** Unique with `name` among waiting and running jobs. */
  dedupe_key: string | null;
  state: 'waiting' | 'running' | 'done' | 'dead';
  run_at: number;
  attempts: number;
  max_attempts: number;
  /** A running job whose runner died is taken again after this. */
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface JobTables {
  jobs: JobsTable;
}

export type JobRow = Selectable<JobsTable>;
