import { DEFAULT_SHUTDOWN_TIMEOUT_MS, type ShutdownStep } from './http/graceful-shutdown';
import type { Logger } from './logger';

/** Thrown by {@link StartupGuard.checkpoint} once a signal has come: the start unwinds to its caller, which calls `stop`. */
export class StartStopped extends Error {
  constructor(readonly signal: string) {
    super(`start stopped by ${signal}`);
    this.name = 'StartStopped';
  }
}

/** Where SIGTERM and SIGINT come from during start-up: `process`, or an EventEmitter in tests. */
export type StartupSignalSource = Pick<NodeJS.EventEmitter, 'on' | 'off'>;

/** What {@link guardStartup} needs. */
export interface StartupGuardOptions {
  logger: Logger;
  /** Upper bound from the first signal to `exit`, for a step that does not end (a database that does not answer). */
  timeoutMs?: number;
  signals?: StartupSignalSource;
  exit?: (code: number) => void;
}

/** The start's handling of signals, until the graceful shutdown takes over. */
export interface StartupGuard {
  /** Something the start has opened (database, listener, jobs), closed last first if the start is stopped. */
  opened(step: ShutdownStep): void;
  /** Between steps: throws StartStopped if a signal has come. `reached` names the step just done, for the log. */
  checkpoint(reached: string): void;
  /** After StartStopped: closes what was opened, last first, and exits 0 (1 when a close failed); resolves with the code. */
  stop(): Promise<number>;
  /**
   * Hands the signals over: runs `install` (installGracefulShutdown, which adds its own handlers),
   * then removes the start-up's. In that order the process is never without a handler: Node keeps
   * one signal handle per signal while any handler is there, and a signal already caught for it
   * reaches the new handlers. Removing first closed the handle, and libuv dropped a signal queued
   * for the closed one: a SIGTERM sent as the start printed its address was lost, and the server
   * ran on.
   */
  handOver(install: () => void): void;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Handles SIGTERM and SIGINT while the server starts, where Node's default would kill it in the
 * middle of a migration (SQLite runs them outside a transaction) or the demo seed. The first signal
 * lets the step under way finish and stops the start at the next checkpoint; later ones are logged.
 * A step still running `timeoutMs` after the signal is cut: the process exits 1, naming the last
 * checkpoint reached.
 */
export function guardStartup(options: StartupGuardOptions): StartupGuard {
  const { logger, timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS, signals = process, exit = (code: number) => process.exit(code) } = options;
  const steps: ShutdownStep[] = [];
  let signal: string | null = null;
  let reached = 'start';
  let timer: NodeJS.Timeout | undefined;
  let exited = false;
  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  const onSignal = (name: string) => {
    if (signal) {
      logger.info('already shutting down', { signal: name, during: 'start-up' });
      return;
    }
    signal = name;
    logger.info('shutting down during start-up', { signal: name, after: reached, timeoutMs });
    timer = setTimeout(() => {
      logger.warn('start-up did not stop in time', { timeoutMs, after: reached });
      finish(1);
    }, timeoutMs);
  };
  const handlers = SIGNALS.map((name) => [name, () => onSignal(name)] as const);
  for (const [name, handler] of handlers) signals.on(name, handler);

  return {
    opened(step) {
      steps.push(step);
    },
    checkpoint(step) {
      reached = step;
      if (signal) throw new StartStopped(signal);
    },
    async stop() {
      let code = 0;
      for (const step of [...steps].reverse()) {
        try {
          await step.run();
        } catch (error) {
          code = 1;
          logger.error('shutdown step failed', { step: step.name, error: error instanceof Error ? error.message : String(error) });
        }
      }
      clearTimeout(timer);
      if (!exited) logger.info('start stopped', { signal, after: reached });
      finish(code);
      return code;
    },
    handOver(install) {
      install();
      for (const [name, handler] of handlers) signals.off(name, handler);
    },
  };
}
