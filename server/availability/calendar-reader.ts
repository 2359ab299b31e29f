import { availableParallelism } from 'node:os';
import { runInWorker, type WorkerBudget } from '../core/workers/run-in-worker';
import { createWorkQueue } from '../core/work-queue';
import type { BusyDaysOutcome, BusyDaysWindow } from './calendar-busy-days';

/** How calendar files are read: the budget of each, and how many at once. */
export interface CalendarReaderSettings {
  /** Each file's budget: wall-clock time (its worker's start-up included) and heap. */
  budget?: WorkerBudget;
  /** Files read at once (default: one per two cores); `waiting` more wait, the rest are refused (503). */
  running?: number;
  waiting?: number;
}

/** Reads calendar files off the event loop. */
export interface CalendarReader {
  /** The busy days of `text` in `window`; rejects with a WorkerBudgetError when the file spends its budget, or a 503 when too many files wait. */
  busyDays(text: string, window: BusyDaysWindow): Promise<BusyDaysOutcome>;
}

// A worker starts in ~0.3 s (~1 s on a loaded machine) and a file spends at most about a second of
// steps (MAX_CALENDAR_STEPS): 4 s is only reached by something the step count does not see. A 1 MB
// file of 10,000 events peaks near 60 MB of heap.
export const DEFAULT_CALENDAR_BUDGET: WorkerBudget = { timeMs: 4_000, memoryMb: 128 };
const DEFAULT_WAITING = 4;
const RETRY_AFTER_SECONDS = 5;

const WORKER = new URL('./calendar-busy-days.worker.ts', import.meta.url);

/**
 * Each file is parsed and expanded on a worker thread of its own, stopped when it spends its
 * budget: a file that would spin (a rule ical.js never finishes) costs one worker a few seconds,
 * while the server answers everyone else. Call once per app.
 */
export function createCalendarReader(settings: CalendarReaderSettings = {}): CalendarReader {
  const budget = settings.budget ?? DEFAULT_CALENDAR_BUDGET;
  const queue = createWorkQueue({
    running: settings.running ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    waiting: settings.waiting ?? DEFAULT_WAITING,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    busyMessage: 'We are reading many calendar files right now. Please try again in a few seconds.',
  });
  return {
    busyDays: (text, window) => queue.run(() => runInWorker<BusyDaysOutcome>(WORKER, { text, window }, budget)),
  };
}
