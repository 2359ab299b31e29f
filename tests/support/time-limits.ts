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
  /**
   * A Playwright test (specs with longer journeys set their own, longer). A minute: beside two
   * CPU-burning processes (`npm run test:stress`), a spec that sets none took over 30 s, its trace
   * showing only pages slow to render (seconds to show the sign-in form or to open Settings).
   */
  browserTestMs: 60_000,
  /**
   * Playwright's expect (and `expect.poll`). 15 s: on a loaded machine (the other worker running
   * every-page's axe passes) the dashboard took over 7 s to show after a sign-in the server answered
   * in a tenth of a second, its chunks still being fetched and run.
   */
  browserExpectMs: 15_000,
} as const;
