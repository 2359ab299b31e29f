import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Logger } from '../logger';

/** One thing to stop after the HTTP side has drained (schema watcher, jobs, database), run in the order given. */
export interface ShutdownStep {
  /** Named in the log when the step fails or the timeout catches it still running. */
  name: string;
  run: () => void | Promise<void>;
}

/** Where SIGTERM and SIGINT come from: `process`, or an EventEmitter standing in for it in tests. */
export type SignalSource = Pick<NodeJS.EventEmitter, 'on'>;

/** What {@link installGracefulShutdown} needs. */
export interface GracefulShutdownOptions {
  server: Server;
  logger: Logger;
  /** Run one after another once no request is left, before exiting. */
  steps?: ShutdownStep[];
  /** Called once the drain starts: ends what would never finish by itself (event streams). */
  onDrain?: () => void;
  /** Upper bound on the whole shutdown, from the first signal to `exit`. */
  timeoutMs?: number;
  signals?: SignalSource;
  exit?: (code: number) => void;
}

/** The installed shutdown, for the caller to ask about or to start without a signal. */
export interface GracefulShutdown {
  /** True from the first signal on: the listener is closed and responses carry `Connection: close`. */
  readonly draining: boolean;
  /** Requests whose response has not finished yet. */
  readonly inFlight: number;
  /** Starts the drain as a first signal does (a later call is logged and joins it); resolves with the exit code, once passed to `exit`. */
  shutdown(reason: string): Promise<number>;
}

/** Long enough for a slow upload or a password hash under load; short of the 30 s most supervisors wait before SIGKILL. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Handles every SIGTERM and SIGINT. The first stops accepting connections, closes idle keep-alive
 * sockets at once, lets in-flight requests finish (their responses, and those of any request still
 * arriving on an open socket, carry `Connection: close`), then runs `steps` and exits 0 (1 when a
 * step failed). Later signals are logged and change nothing: stopping a process group delivers
 * SIGTERM more than once (the group's and the launcher's relay). After `timeoutMs` the remaining
 * connections are destroyed, with the count of requests cut off in the log, and the process exits:
 * 0 when only requests were cut, 1 when a step had failed or was still running (the database, say,
 * may not have closed cleanly, and the supervisor should see it).
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown {
  const {
    server,
    logger,
    steps = [],
    onDrain,
    timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
    signals = process,
    exit = (code: number) => process.exit(code),
  } = options;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let finished: Promise<number> = Promise.resolve(0);

  const closeAfterResponse = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  // Prepended so that the header is set before the app's listener can answer synchronously.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A response whose headers went out before the drain kept its socket alive; it is idle now.
      if (draining) server.closeIdleConnections();
    });
    if (draining) closeAfterResponse(res);
  });

  const drain = async (): Promise<number> => {
    const startedAt = Date.now();
    let running = 'http';
    let timedOut = false;
    let stepFailed = false;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        logger.warn('shutdown timed out', { timeoutMs, inFlight: inFlight.size, running });
        server.closeAllConnections();
        resolve(stepFailed || running !== 'http' ? 1 : 0);
      }, timeoutMs);
      timer.unref();
    });
    const orderly = (async () => {
      for (const res of inFlight) closeAfterResponse(res);
      onDrain?.();
      await new Promise<void>((resolve) => {
        // The listener first: http.Server#close() destroys the idle sockets before it, and a client
        // reconnecting as soon as its socket closed could still get in. The callback runs once the
        // last connection has ended.
        NetServer.prototype.close.call(server, () => resolve());
        server.closeIdleConnections();
      });
      for (const step of steps) {
        // Past the deadline `exit` has been called; in tests it returns, and the steps must not run late.
        if (timedOut) return 0;
        running = step.name;
        try {
          await step.run();
        } catch (error) {
          stepFailed = true;
          logger.error('shutdown step failed', { step: step.name, error: error instanceof Error ? error.message : String(error) });
        }
      }
      if (!timedOut) logger.info('shutdown complete', { durationMs: Date.now() - startedAt });
      return stepFailed ? 1 : 0;
    })();
    const code = await Promise.race([orderly, deadline]);
    clearTimeout(timer);
    exit(code);
    return code;
  };

  const shutdown = (reason: string): Promise<number> => {
    if (draining) {
      logger.info('already shutting down', { signal: reason, inFlight: inFlight.size });
      return finished;
    }
    draining = true;
    logger.info('shutting down', { signal: reason, inFlight: inFlight.size, timeoutMs });
    finished = drain();
    return finished;
  };

  for (const signal of SIGNALS) signals.on(signal, () => void shutdown(signal));

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight.size;
    },
    shutdown,
  };
}
