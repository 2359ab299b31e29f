import { describe, expect, it } from 'vitest';
import { runInWorker, WorkerBudgetError } from '../../../server/core/workers/run-in-worker';

const worker = (name: string) => new URL(`./workers/${name}.worker.ts`, import.meta.url);
const BUDGET = { timeMs: 10_000, memoryMb: 64 };

/** The longest the event loop went without a 10 ms timer firing while `work` ran. */
async function longestStall<T>(work: Promise<T>): Promise<{ settled: PromiseSettledResult<T>; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  const [settled] = await Promise.allSettled([work]);
  clearInterval(ticker);
  return { settled, stallMs };
}

describe('runInWorker', () => {
  it('when the task answers, then its value comes back', async () => {
    await expect(runInWorker(worker('echo'), { n: 21 }, BUDGET)).resolves.toEqual({ doubled: 42 });
  });

  it('when the task throws, then the promise rejects with its message', async () => {
    await expect(runInWorker(worker('throws'), null, BUDGET)).rejects.toThrow('the file is not what it says');
  });

  it('when the task never ends, then its worker is stopped at the time budget while the event loop kept running', async () => {
    const started = performance.now();
    const { settled, stallMs } = await longestStall(runInWorker(worker('spin'), null, { timeMs: 1_500, memoryMb: 64 }));
    expect(settled.status).toBe('rejected');
    const reason = (settled as PromiseRejectedResult).reason as WorkerBudgetError;
    expect(reason).toBeInstanceOf(WorkerBudgetError);
    expect(reason.spent).toBe('time');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_500 - 5);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Starting a worker takes the main thread a moment; spinning takes none of it.
    expect(stallMs).toBeLessThan(500);
  });

  it('when the task needs more heap than its budget, then its worker is stopped and the budget named', async () => {
    const error = await runInWorker(worker('hog'), null, { timeMs: 60_000, memoryMb: 32 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerBudgetError);
    expect((error as WorkerBudgetError).spent).toBe('memory');
  });
});
