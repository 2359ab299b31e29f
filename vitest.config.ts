import { defineConfig } from 'vitest/config';
import { TIME_LIMITS } from './tests/support/time-limits';

/** Every project's time limits (tests/support/time-limits.ts); `expect.poll` waits as long as testing-library does. */
const limits = { testTimeout: TIME_LIMITS.testMs, hookTimeout: TIME_LIMITS.hookMs, expect: { poll: { timeout: TIME_LIMITS.waitMs } } };

export default defineConfig({
  test: {
    // Two test files at once on the 2-core machine (vitest's default there is one): most of the API
    // suite waits on PostgreSQL, spawned servers and argon2's own threads, so the second worker
    // fills those waits (the whole run: 13.9 minutes on one worker, 11.3 on two, 2026-11-28, both
    // beside a benchmark; 15.1 on two at load 5–8, all 4,059 passed). Each file has its own
    // SQLite database, PostgreSQL schema (migrations read only their own: core/db/migrate.ts),
    // Redis keys and free ports, so files never share state.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          ...limits,
        },
      },
      {
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/client/support/load-vendor-check.ts', 'tests/client/support/testing-library.ts'],
          ...limits,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          ...limits,
        },
      },
    ],
  },
});
