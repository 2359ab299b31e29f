import { defineConfig } from 'vitest/config';
import { TIME_LIMITS } from './tests/support/time-limits';

/** Every project's time limits (tests/support/time-limits.ts). */
const limits = { testTimeout: TIME_LIMITS.testMs, hookTimeout: TIME_LIMITS.hookMs };

export default defineConfig({
  test: {
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
