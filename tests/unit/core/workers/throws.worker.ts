// A worker for run-in-worker.test.ts: its task fails.
import { serveWorkerTask } from '../../../../server/core/workers/worker-task';

serveWorkerTask(() => {
  throw new Error('the file is not what it says');
});
