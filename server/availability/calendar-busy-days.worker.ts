// A worker thread's module (started by calendar-reader.ts): reads one calendar file.
import { serveWorkerTask } from '../core/workers/worker-task';
import { readBusyDays } from './calendar-busy-days';

serveWorkerTask(readBusyDays);
