import { defineConfig } from '@playwright/test';
import { HEADLESS_SHELL_PATH, SUITE_CHROMIUM_ARGS } from './tests/e2e/support/chromium';
import { TIME_LIMITS } from './tests/support/time-limits';

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: TIME_LIMITS.browserTestMs,
  expect: { timeout: TIME_LIMITS.browserExpectMs },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // The app honours the device's "less motion" setting (antd's motion off, no route transition);
    // the specs run with it, so nothing waits for a drawer or a toast to finish moving.
    // shell/accessibility.spec.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: SUITE_CHROMIUM_ARGS },
    // Recording a trace slows every page of a test several times over on this 2-core machine (a
    // dashboard page took 8 s instead of 1.5 s beside a second worker): only the retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx tests/e2e/support/server.ts',
    url: `http://127.0.0.1:${port}/api/config/app`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WATCH_SCHEMAS: 'false',
      NODE_ENV: 'test',
      // The browser tests sign in as the demo bakery; outside development it is seeded only when asked for.
      SEED_DEMO: 'true',
      DATA_DIR: `tests/artifacts/e2e-data-${port}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Short-lived access tokens: every test exercises the refresh path, and the expiry tests stay quick.
      ACCESS_TOKEN_TTL_SECONDS: '4',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
    },
  },
});
