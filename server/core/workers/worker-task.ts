import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerStart } from './run-in-worker';

/**
 * The body of a worker module started by `runInWorker`: runs `task` on the input it was given and
 * posts back the value, or the message of what it threw. Call once, at the module's top level.
 */
export function serveWorkerTask<I, O>(task: (input: I) => O | Promise<O>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTask runs only on a worker thread (see runInWorker)');
  const { input } = workerData as WorkerStart;
  void (async () => {
    let reply: WorkerReply<O>;
    try {
      reply = { ok: true, value: await task(input as I) };
    } catch (error) {
      reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  })();
}
