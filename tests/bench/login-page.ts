import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { ensureClientBuilt } from '../../scripts/client-build';
import { startAppServer } from './support/app-server';
import { startBaselinePage } from './support/baseline-page';
import { readLcp, type LcpReading } from './support/lcp';

/** Budget for the login route's critical JavaScript, gzipped (product issues; 120 KB since issue 13 point 11). */
export const CRITICAL_JS_BUDGET_BYTES = 120 * 1024;
/** Budget for the login page's Largest Contentful Paint under CPU throttling (product issue). */
export const LCP_BUDGET_MS = 1500;
/** Budget for the login page's LCP ÷ the static baseline's, measured in the same run (issue 13 point 11). */
export const LCP_BASELINE_RATIO_BUDGET = 1.3;
/** Chromium's CPU slowdown for the LCP runs (CDP Emulation.setCPUThrottlingRate). */
export const CPU_SLOWDOWN = 4;
/**
 * LCP runs per page, each a pair (the login page and the baseline, one right after the other);
 * each figure is the median. Odd, so the median is one real run. 31: with 7 or 15, the ratio of
 * one build moved between 1.09 and 1.62 from run to run on the 2-core machine.
 */
export const LCP_RUNS = 31;
/** How long to wait after the page is ready before reading LCP, so late candidates are in. */
const SETTLE_MS = 500;
const READY_TIMEOUT_MS = 30_000;

/** One script the browser fetched before the app took the login form over. */
export interface CriticalScript {
  path: string;
  /** Body size as the browser received it, after any Content-Encoding was undone. */
  bytes: number;
  /** The Content-Encoding it was served with ('identity' when none). */
  servedEncoding: string;
  /** The body gzipped here with node:zlib at level 9 (not the served size). */
  gzipBytes: number;
}

/** The login page's figures: its critical scripts and the median LCP of it and of the baseline. */
export interface LoginPageResult {
  /** Largest first. */
  scripts: CriticalScript[];
  criticalGzipBytes: number;
  lcp: LcpReading;
  baselineLcp: LcpReading;
  /** The login page's LCP ÷ the baseline's, per pair, in the order measured. */
  pairRatios: number[];
  /** Their median: a slow moment of the machine slows both pages of a pair, so it cancels out. */
  baselineRatio: number;
}

/**
 * Resolves once the app's login form is interactive: the prerendered card (sent as HTML) taken
 * over by the app, "Sign in" visible and enabled, "Email" editable.
 */
async function waitForLoginForm(page: Page): Promise<void> {
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  const email = page.getByLabel('Email', { exact: true });
  const prerendered = page.locator('#sign-in-prerender');
  const ready = async () =>
    (await prerendered.count()) === 0 && (await signIn.isVisible()) && (await signIn.isEnabled()) && (await email.isVisible()) && (await email.isEditable());
  // One wait in the page until the takeover, as the baseline's: polling over the protocol every
  // 10 ms runs on the throttled main thread and held the card's first paint back (~250 ms).
  await prerendered.waitFor({ state: 'detached', timeout: READY_TIMEOUT_MS });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`the login form was not interactive within ${READY_TIMEOUT_MS / 1000} s`);
    await page.waitForTimeout(10);
  }
}

async function waitForBaselinePage(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: READY_TIMEOUT_MS });
}

/** Classic and module scripts, module preloads included (whatever their resource type, by MIME type). */
function isScript(response: Response): boolean {
  return response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');
}

async function measureScript(response: Response): Promise<CriticalScript> {
  const body = await response.body();
  return {
    path: new URL(response.url()).pathname,
    bytes: body.length,
    servedEncoding: response.headers()['content-encoding'] ?? 'identity',
    gzipBytes: gzipSync(body, { level: 9 }).length,
  };
}

/** Every script response of a cold load of `url`, up to the moment the login form is interactive. */
async function criticalScripts(browser: Browser, url: string): Promise<CriticalScript[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (isScript(response)) responses.push(response);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await waitForLoginForm(page);
    const scripts = await Promise.all([...responses].map(measureScript));
    return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  } finally {
    await context.close();
  }
}

/** One cold load of `url` in a fresh context with the CPU throttled; LCP read once `ready` and settled. */
async function measureLcp(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<LcpReading> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Nothing of the harness runs in the page before its first paint: Playwright's locators
    // evaluate their script in the page, on the throttled main thread, and waiting for the
    // takeover from the commit on held the login page's paint back (1.41 against 1.27 × the
    // baseline in one comparison). "load" and a first LCP entry are read without it.
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 5_000);
          new PerformanceObserver(() => resolve()).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    await ready(page);
    await page.waitForTimeout(SETTLE_MS);
    return await readLcp(page);
  } finally {
    await context.close();
  }
}

function median<T>(values: T[], key: (value: T) => number): T {
  return [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)] as T;
}

async function medianLcps(browser: Browser, loginUrl: string, baselineUrl: string) {
  const login: LcpReading[] = [];
  const baseline: LcpReading[] = [];
  // One load of the baseline first, as the script count was the login page's: the first context
  // of an origin starts slower than the rest.
  await measureLcp(browser, baselineUrl, waitForBaselinePage);
  for (let run = 0; run < LCP_RUNS; run += 1) {
    // Alternate the order so neither page always loads right after the other.
    if (run % 2 === 0) {
      login.push(await measureLcp(browser, loginUrl, waitForLoginForm));
      baseline.push(await measureLcp(browser, baselineUrl, waitForBaselinePage));
    } else {
      baseline.push(await measureLcp(browser, baselineUrl, waitForBaselinePage));
      login.push(await measureLcp(browser, loginUrl, waitForLoginForm));
    }
  }
  const pairRatios = login.map((reading, run) => reading.ms / (baseline[run] as LcpReading).ms);
  const byMs = (reading: LcpReading) => reading.ms;
  return { lcp: median(login, byMs), baselineLcp: median(baseline, byMs), pairRatios, baselineRatio: median(pairRatios, (ratio) => ratio) };
}

/**
 * The login page (`/`) of the real server in production mode, in Chromium with a cold cache:
 * the JavaScript fetched before the app has taken the prerendered form over (gzip -9 of each decoded body computed
 * here, the budget's unit whatever encoding was served: brotli for the larger assets), then the median LCP at 4× CPU throttling against a static page's.
 * Builds the client first when dist/client is missing or stale.
 */
export async function benchLoginPage(): Promise<LoginPageResult> {
  await ensureClientBuilt();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const app = await startAppServer();
    cleanups.push(app.stop);
    const baseline = await startBaselinePage();
    cleanups.push(baseline.stop);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    // The script load runs first and doubles as the server's warm-up for the LCP runs.
    const scripts = await criticalScripts(browser, `${app.url}/`);
    const criticalGzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    return { scripts, criticalGzipBytes, ...(await medianLcps(browser, `${app.url}/`, baseline.url)) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
