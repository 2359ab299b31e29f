// A worker for run-in-worker.test.ts: keeps allocating until its heap runs out.
import { serveWorkerTask } from '../../../../server/core/workers/worker-task';

serveWorkerTask(() => {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i * Math.random()));
});
