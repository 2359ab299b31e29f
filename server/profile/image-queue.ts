import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { createWorkQueue, type WorkPlace, type WorkQueue } from '../core/work-queue';

/** A place in the image queue held for an image not yet handed to `run` (its upload is still arriving). */
export type ImagePlace = WorkPlace;

/** The image work of one app (a WorkQueue): a few images processed at once, a bounded line waiting, the rest refused. */
export type ImageQueue = WorkQueue;

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

  return createWorkQueue({ running, waiting, retryAfterSeconds, busyMessage: 'We are processing many images right now. Please try again in a few seconds.' });
}
