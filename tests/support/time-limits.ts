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
   * CPU-burning processes, `auth/invitations.spec.ts`, which sets none, took 21 s in the Node 20
   * leg of a `.ci/run` of 9e084be and over 30 (the old limit) twice in its Node 24 leg, its trace
   * showing only pages slow to render (4.6 s to show the sign-in form, 7.2 s to click Settings),
   * and two others took 30.2 and 30.3 s (2026-12-06).
   */
  browserTestMs: 60_000,
  /**
   * Playwright's expect (and `expect.poll`). 15 s: in a quiet clean-clone `.ci/run` of 5935ac6 on
   * 2026-12-06 (load average 11 to 13 while every-page's axe passes ran on the other worker),
   * `settings/team.spec.ts:36` failed twice because the dashboard took over 7 s to show after
   * a sign-in answered in 136 ms (the app's chunks were still being fetched and run).
   */
  browserExpectMs: 15_000,
} as const;
