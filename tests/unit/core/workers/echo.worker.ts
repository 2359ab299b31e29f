// A worker for run-in-worker.test.ts: doubles its input.
import { serveWorkerTask } from '../../../../server/core/workers/worker-task';

serveWorkerTask((input: { n: number }) => ({ doubled: input.n * 2 }));
