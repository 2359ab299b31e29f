import { vi } from 'vitest';
import { TIME_LIMITS } from './time-limits';

/**
 * Waits until `check` stops throwing (or its promise resolves), within the suite's wait
 * (tests/support/time-limits.ts): `vi.waitFor` with no options gives up after 1 s, which a loaded
 * machine can spend before the condition holds. A condition that holds returns at once.
 */
export function waitUntil<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: TIME_LIMITS.waitMs, interval: 20 });
}

/**
 * Lets what is already under way run, for a check that something did not happen: `turns` turns of
 * the event loop, each a `setImmediate` (run after the microtasks and the callbacks queued before
 * it). Counted in turns, not milliseconds, so a busy machine does not shorten it.
 */
export async function eventLoopTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}
