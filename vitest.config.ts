import { defineConfig } from 'vitest/config';
import { TIME_LIMITS } from './tests/support/time-limits';
import { ISOLATED_TEST_FILES } from './tests/support/isolated-test-files';

/** Every project's time limits (tests/support/time-limits.ts); `expect.poll` waits as long as testing-library does. */
const limits = { testTimeout: TIME_LIMITS.testMs, hookTimeout: TIME_LIMITS.hookMs, expect: { poll: { timeout: TIME_LIMITS.waitMs } } };

/**
 * A project's files, in two runs: the shared one, where a worker imports the server (or the client)
 * once and runs file after file in it, and the isolated one, for the few files that replace a module
 * (`vi.mock`), which must not leak into the files after them. Importing the server anew for each of
 * the 120 API files cost about 2.5 s of CPU each, a third of the whole vitest run.
 */
function split(name: string, include: string[], test: Record<string, unknown>) {
  const isolated = ISOLATED_TEST_FILES.filter((file) => include.some((pattern) => file.startsWith(pattern.split('**')[0] ?? '')));
  return [
    { test: { name, include, exclude: isolated, isolate: false, ...test, ...limits } },
    ...(isolated.length > 0 ? [{ test: { name: `${name}-isolated`, include: isolated, isolate: true, ...test, ...limits } }] : []),
  ];
}

export default defineConfig({
  test: {
    // Two test files at once on the 2-core machine (vitest's default there is one): most of the API
    // suite waits on PostgreSQL, spawned servers and argon2's own threads, so the second worker
    // fills those waits. Each file has its own SQLite database, PostgreSQL schema (migrations read
    // only their own: core/db/migrate.ts), Redis keys and free ports, so files never share state
    // even when they share a worker's modules.
    maxWorkers: 2,
    projects: [
      ...split('unit', ['tests/unit/**/*.test.{ts,tsx}'], { environment: 'node' }),
      ...split('client', ['tests/client/**/*.test.{ts,tsx}'], {
        environment: 'happy-dom',
        setupFiles: ['tests/client/support/load-vendor-check.ts', 'tests/client/support/testing-library.ts'],
      }),
      ...split('api', ['tests/api/**/*.test.ts'], { environment: 'node' }),
    ],
  },
});
