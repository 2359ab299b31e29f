import { AppError } from './http/app-error';

/** A place in a queue held for work not yet handed to `run` (its upload is still arriving). */
export interface WorkPlace {
  /** Gives the place back unless `run` has taken it; safe to call more than once. */
  release(): void;
}

/**
 * Heavy work of one kind (images, calendar files): a few tasks at once, a bounded line waiting,
 * the rest refused. Places held for uploads still arriving count as taken, so at most
 * `running + waiting` tasks' inputs are in memory at once.
 */
export interface WorkQueue {
  /**
   * Runs `task` once a slot is free, in the order the calls came, on `place` when it is still held;
   * otherwise on a new place, or a 503 `busy` AppError when there is none.
   */
  run<T>(task: () => Promise<T>, place?: WorkPlace): Promise<T>;
  /** Holds a place for a task to come, or throws the same 503 now, so an upload can be refused before its body is read. */
  reserve(): WorkPlace;
}

export interface WorkQueueOptions {
  /** Tasks run at once. */
  running: number;
  /** Tasks waiting for a slot; more are refused. */
  waiting: number;
  /** Sent as `Retry-After` with a refusal. */
  retryAfterSeconds: number;
  /** The refusal's detail, in the words of the work (`We are processing many images right now…`). */
  busyMessage: string;
}

/** Creates a queue; call once per app, never at import time. */
export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const { running, waiting, retryAfterSeconds, busyMessage } = options;
  let active = 0;
  const line: (() => void)[] = [];
  const held = new Set<WorkPlace>();

  // Running, waiting and held together never exceed the queue's size.
  const assertRoom = () => {
    if (active + line.length + held.size >= running + waiting) throw new AppError(503, 'busy', busyMessage, undefined, retryAfterSeconds);
  };

  return {
    reserve() {
      assertRoom();
      const place: WorkPlace = { release: () => void held.delete(place) };
      held.add(place);
      return place;
    },
    async run(task, place) {
      // A held place turns into a running or waiting task; the total stays the same.
      if (!place || !held.delete(place)) assertRoom();
      if (active < running) active += 1;
      else await new Promise<void>((start) => line.push(start));
      try {
        return await task();
      } finally {
        // A finished task hands its slot to the first in line, so a newcomer cannot overtake.
        const next = line.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
