import { Worker } from 'node:worker_threads';

/** What one task in a worker may spend before it is stopped. */
export interface WorkerBudget {
  /** Wall-clock milliseconds from the worker's start (its start-up included) to its answer. */
  timeMs: number;
  /** The worker's JavaScript heap, in MB (V8's old generation; the young one is capped too). */
  memoryMb: number;
}

/** The task ran out of its budget and its worker was stopped. */
export class WorkerBudgetError extends Error {
  constructor(readonly spent: 'time' | 'memory') {
    super(spent === 'time' ? 'the worker ran out of time' : 'the worker ran out of memory');
    this.name = 'WorkerBudgetError';
  }
}

/** What a worker posts back (worker-task.ts): its value, or the message of what it threw. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; message: string };

/** What a worker starts with: the module to load and the task's input (worker-task.ts reads it). */
export interface WorkerStart {
  entry: string;
  input: unknown;
}

// Workers load TypeScript modules as the server does: through tsx's loader, scoped to the worker.
// (An eval'd worker is CommonJS: `require` is there, and `import()` loads the ES module.)
let bootstrap: string | undefined;
function bootstrapCode(): string {
  bootstrap ??= [
    "const { workerData } = require('node:worker_threads');",
    `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(workerData.entry, workerData.entry));`,
  ].join('\n');
  return bootstrap;
}

/**
 * Runs the module at `entry` (a file serving one task with `serveWorkerTask`) on a worker thread
 * with `input`, so the event loop keeps answering other requests while it works. The worker is
 * stopped, and the promise rejected with a WorkerBudgetError, when it takes longer than
 * `budget.timeMs` or needs more memory than `budget.memoryMb`; an error the task throws rejects
 * it with that error's message. One worker per task: nothing a task leaves behind reaches the next.
 */
export function runInWorker<T>(entry: URL, input: unknown, budget: WorkerBudget): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const start: WorkerStart = { entry: entry.href, input };
    const worker = new Worker(bootstrapCode(), {
      eval: true,
      workerData: start,
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: Math.min(16, budget.memoryMb), stackSizeMb: 4 },
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerBudgetError('time'))), budget.timeMs);
    worker.once('message', (reply: WorkerReply<T>) => settle(() => (reply.ok ? resolve(reply.value) : reject(new Error(reply.message)))));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerBudgetError('memory') : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the worker stopped (exit code ${code}) before it answered`))));
  });
}
