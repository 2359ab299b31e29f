// A worker for run-in-worker.test.ts: never answers (a loop like ical.js's on a rule that never matches).
import { serveWorkerTask } from '../../../../server/core/workers/worker-task';

serveWorkerTask(() => {
  for (;;) {
    // spins until stopped
  }
});
