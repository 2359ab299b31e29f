/**
 * The suite's time limits, in one place: vitest's test and hook timeouts, testing-library's wait,
 * Playwright's test and expect timeouts. Generous enough for the whole suite on a loaded 2-core
 * machine: a condition that holds returns at once, so only a failing test waits one out. A test
 * never sets a shorter limit of its own; a longer one only where the work itself is long.
 */
export const TIME_LIMITS = {
  /** A vitest test (unit, client, API). */
  testMs: 30_000,
  /** A vitest hook (starting an app, a database schema). */
  hookMs: 60_000,
  /** testing-library's waitFor and findBy*, `expect.poll` and `waitUntil` (tests/support/wait-until.ts): well inside a test's own limit. */
  waitMs: 10_000,
  /** A Playwright test (specs with long journeys set their own, longer). */
  browserTestMs: 30_000,
  /** Playwright's expect. */
  browserExpectMs: 7_000,
} as const;
