import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../server/core/logger';
import { StartStopped, guardStartup } from '../../../server/core/startup-signals';
import { spawnTsx } from '../../support/tsx-process';

/** A start-up guard on a fake `process`: signals are emitted by the test, exit codes recorded. */
function harness(options: { timeoutMs?: number } = {}) {
  const signals = new EventEmitter();
  const logger = createMemoryLogger();
  const exitCodes: number[] = [];
  let onExit: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (onExit = resolve));
  const guard = guardStartup({
    logger,
    signals,
    timeoutMs: options.timeoutMs,
    exit: (code) => {
      exitCodes.push(code);
      onExit(code);
    },
  });
  return { signals, logger, exitCodes, exited, guard };
}

/** Runs `check` and returns what it threw. */
function thrown(check: () => void): unknown {
  try {
    check();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('signals during start-up', () => {
  it('when SIGTERM comes during a step, then the step finishes, the start stops at the next checkpoint, what was opened is closed last first, and the process exits 0', async () => {
    const h = harness();
    const closed: string[] = [];
    h.guard.opened({ name: 'schema watcher', run: () => void closed.push('schema watcher') });
    h.guard.opened({ name: 'database', run: async () => void closed.push('database') });
    h.guard.checkpoint('database opened');
    let migrated = false;
    const migrating = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => (migrated = true));

    h.signals.emit('SIGTERM');
    expect(h.exitCodes).toEqual([]);
    await migrating;
    const stopped = thrown(() => h.guard.checkpoint('migrations'));

    expect(stopped).toBeInstanceOf(StartStopped);
    expect(migrated).toBe(true);
    expect(await h.guard.stop()).toBe(0);
    expect(await h.exited).toBe(0);
    expect(closed).toEqual(['database', 'schema watcher']);
    expect(h.logger.lines.map((line) => [line.message, line.fields])).toEqual([
      ['shutting down during start-up', { signal: 'SIGTERM', after: 'database opened', timeoutMs: 10_000 }],
      ['start stopped', { signal: 'SIGTERM', after: 'migrations' }],
    ]);
  });

  it('when SIGTERM comes twice and then SIGINT during start-up, then the later ones are logged and the start stops once', async () => {
    const h = harness();

    h.signals.emit('SIGTERM');
    h.signals.emit('SIGTERM');
    h.signals.emit('SIGINT');

    expect(thrown(() => h.guard.checkpoint('schemas loaded'))).toMatchObject({ signal: 'SIGTERM' });
    await h.guard.stop();
    expect(h.exitCodes).toEqual([0]);
    expect(h.logger.lines.filter((line) => line.message === 'already shutting down').map((line) => line.fields)).toEqual([
      { signal: 'SIGTERM', during: 'start-up' },
      { signal: 'SIGINT', during: 'start-up' },
    ]);
  });

  it('when no signal has come, then checkpoints let the start go on', () => {
    const h = harness();

    expect(thrown(() => h.guard.checkpoint('migrations'))).toBeUndefined();
    expect(h.exitCodes).toEqual([]);
  });

  it('when a step is still running past the timeout after the signal, then the process exits 1, naming the last checkpoint reached', async () => {
    const h = harness({ timeoutMs: 50 });
    h.guard.checkpoint('database opened');

    h.signals.emit('SIGTERM');

    expect(await h.exited).toBe(1);
    expect(h.logger.lines).toContainEqual({ level: 'warn', message: 'start-up did not stop in time', fields: { timeoutMs: 50, after: 'database opened' } });
  });

  it('when closing something fails, then the rest is still closed and the exit code is 1', async () => {
    const h = harness();
    const closed: string[] = [];
    h.guard.opened({ name: 'database', run: async () => void closed.push('database') });
    h.guard.opened({ name: 'jobs', run: () => Promise.reject(new Error('runner stuck')) });
    h.signals.emit('SIGINT');

    expect(await h.guard.stop()).toBe(1);

    expect(h.exitCodes).toEqual([1]);
    expect(closed).toEqual(['database']);
    expect(h.logger.lines).toContainEqual({ level: 'error', message: 'shutdown step failed', fields: { step: 'jobs', error: 'runner stuck' } });
  });

  it('when the start hands over to the graceful shutdown, then the new handlers are added while its own are still there, then its own are gone and a signal is left to the new ones', () => {
    const h = harness();
    const handled: string[] = [];
    let listenersAtInstall = 0;

    h.guard.handOver(() => {
      listenersAtInstall = h.signals.listenerCount('SIGTERM');
      h.signals.on('SIGTERM', () => handled.push('SIGTERM'));
    });
    h.signals.emit('SIGTERM');

    expect(listenersAtInstall).toBe(1);
    expect(h.signals.listenerCount('SIGTERM')).toBe(1);
    expect(h.signals.listenerCount('SIGINT')).toBe(0);
    expect(handled).toEqual(['SIGTERM']);
    expect(thrown(() => h.guard.checkpoint('jobs started'))).toBeUndefined();
    expect(h.logger.lines).toEqual([]);
  });

  it('when a real SIGTERM is caught just before the hand-over and handled after it, then the new handler gets it (it was lost when the hand-over removed the old handlers first)', async () => {
    const child = spawnTsx(fileURLToPath(new URL('./signal-handover-process.ts', import.meta.url)), { launcher: 'node', stdout: 'pipe' });
    const code = await child.exited;
    expect(child.stdout().trim(), child.stderr()).toBe('handled');
    expect(code).toBe(0);
  });
});
