import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { AppError } from '../core/http/app-error';

/** A place in the queue held for an image not yet handed to `run` (its upload is still arriving). */
export interface ImagePlace {
  /** Gives the place back unless `run` has taken it; safe to call more than once. */
  release(): void;
}

/**
 * The image work of one app: a few images processed at once, a bounded line waiting, the rest
 * refused. Places held for uploads still arriving count as taken, so at most `running + waiting`
 * images are in memory at once.
 */
export interface ImageQueue {
  /**
   * Runs `task` once a slot is free, in the order the calls came, on `place` when it is still held;
   * otherwise on a new place, or a 503 `busy` AppError when there is none.
   */
  run<T>(task: () => Promise<T>, place?: ImagePlace): Promise<T>;
  /** Holds a place for an image to come, or throws the same 503 now, so an upload can be refused before its body is read. */
  reserve(): ImagePlace;
}

export interface ImageQueueOptions {
  /** Images processed at once. */
  running?: number;
  /** Images waiting for a slot; more are refused. */
  waiting?: number;
  /** libvips threads per image. sharp's setting is process-wide: the last queue made sets it. */
  threadsPerImage?: number;
  /** Sent as `Retry-After` with a refusal. */
  retryAfterSeconds?: number;
}

// One image per two cores, each on one libvips thread: image work never takes more than half the
// cores, and the event loop (config reads, sign-ins) keeps the rest.
const defaultRunning = () => Math.max(1, Math.floor(availableParallelism() / 2));
// A whole gallery (24 photos) dropped at once over HTTP/2 still fits in line; at the 8 MB cap that
// is at most ~200 MB of uploads held in memory.
const DEFAULT_WAITING = 24;
const DEFAULT_THREADS_PER_IMAGE = 1;
// A large photo takes 0.25–0.5 s of one core: in 5 s a slot clears 10–20 places in line.
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** Creates the queue and sets sharp's threads per image; call once per app, never at import time. */
export function createImageQueue(options: ImageQueueOptions = {}): ImageQueue {
  const running = options.running ?? defaultRunning();
  const waiting = options.waiting ?? DEFAULT_WAITING;
  const retryAfterSeconds = options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  sharp.concurrency(options.threadsPerImage ?? DEFAULT_THREADS_PER_IMAGE);

  let active = 0;
  const line: (() => void)[] = [];
  const held = new Set<ImagePlace>();

  // Running, waiting and held together never exceed the queue's size.
  const assertRoom = () => {
    if (active + line.length + held.size >= running + waiting) {
      throw new AppError(503, 'busy', 'We are processing many images right now. Please try again in a few seconds.', undefined, retryAfterSeconds);
    }
  };

  return {
    reserve() {
      assertRoom();
      const place: ImagePlace = { release: () => void held.delete(place) };
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
