import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, request as apiRequest, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { ensureClientBuilt } from '../../scripts/client-build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { bearerOf } from '../support/browser/accounts';
import { aBookedQuote, aVendor, dayFromNow } from '../support/browser/builders';
import { startAppServer } from './support/app-server';
import { readLcp, type LcpReading } from './support/lcp';
import { listenOnLoopback } from './support/loopback';
import { startTestModeServer, type TestModeServer } from './support/test-mode-server';

/** The target: the public profile's LCP ÷ the LCP of a static copy of itself, both at 4× CPU throttling. */
export const PROFILE_LCP_RATIO_TARGET = 1.3;
export const PROFILE_CPU_SLOWDOWN = 4;
/** Pairs of loads (the profile and its static copy, one right after the other, the order alternating); odd, so each median is one real run. */
export const PROFILE_LCP_RUNS = 7;
/** How long to wait once the page is ready before reading LCP, so late candidates are in. */
const SETTLE_MS = 500;
const READY_TIMEOUT_MS = 30_000;
const STATIC_PATH = '/__static-copy-of-the-profile.html';
const BUSINESS = 'Golden Spread Bakery';
const CITY = 'Austin, TX';

/** A PNG made on the spot, in a colour of its own. */
function png(width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A data folder with one bakery's full public profile: logo, six photos, about, service area and
 * three reviews (two replied), seeded through the API of a server in test mode (its outbox gives
 * the couple's links, its clock moves past the events so reviews can be written).
 */
async function seedProfile(): Promise<{ dataDir: string; vendorId: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-profile-lcp-'));
  const cleanup = () => rm(dataDir, { recursive: true, force: true });
  let server: TestModeServer | undefined;
  try {
    server = await startTestModeServer({}, { dataDir });
    const url = server.url;
    const request = await apiRequest.newContext({ baseURL: url });
    const ok = async (res: Awaited<ReturnType<typeof request.post>>) => {
      if (res.status() >= 300) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
      return res;
    };
    const bakery = await aVendor(request, { name: BUSINESS, category: 'bakery', city: CITY, radiusMiles: 40, noticeDays: 0 });
    const headers = await bearerOf(request, bakery.email);
    await ok(
      await request.put('/api/vendor/forms/edit-profile', {
        headers,
        data: {
          business_name: BUSINESS,
          about: `Layered wedding cakes, dessert tables and late-night pastries, baked in Austin since 2009. ${'Every cake starts with a tasting, and every tier is built for the day it is served. '.repeat(3)}`,
          service_area: 'Austin and the Hill Country',
        },
      }),
    );
    await ok(
      await request.post('/api/profile/logo', {
        headers,
        multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 300, { r: 200, g: 120, b: 40 }) } },
      }),
    );
    const colours = [
      { r: 240, g: 200, b: 210 },
      { r: 190, g: 220, b: 240 },
      { r: 230, g: 230, b: 180 },
      { r: 200, g: 240, b: 200 },
      { r: 240, g: 220, b: 190 },
      { r: 220, g: 200, b: 240 },
    ];
    for (const [i, colour] of colours.entries()) {
      await ok(
        await request.post('/api/profile/gallery', {
          headers,
          multipart: { file: { name: `cake-${i}.png`, mimeType: 'image/png', buffer: await png(1200, 900, colour) } },
        }),
      );
    }
    const couples = ['Grace Kim', 'Maria Garcia', 'Sam Lee'];
    const booked: { token: string; quoteId: string }[] = [];
    for (const name of couples) {
      booked.push(
        await aBookedQuote(
          request,
          bakery,
          { category: 'bakery', eventDate: dayFromNow(5), location: CITY, details: { product_types: ['Wedding cakes'] }, customer: { name } },
          { details: { design: 'Three tiers, lemon and raspberry', servings: 90, includes: 'Delivery, setup and a tasting for two' } },
        ),
      );
    }
    await ok(await request.post('/dev/clock', { data: { advanceDays: 7 } }));
    for (const [i, { token, quoteId }] of booked.entries()) {
      const reviewed = await ok(
        await request.post(`/api/public/requests/${token}/quotes/${quoteId}/review`, {
          data: {
            rating: 5 - (i % 2),
            title: `Review ${i + 1}`,
            body: 'Three tiers of lemon and raspberry, delivered early and perfect. Everyone asked who made it.',
          },
        }),
      );
      if (i === 2) continue;
      const { id } = ((await reviewed.json()) as { data: { id: string } }).data;
      await ok(await request.put(`/api/reviews/${id}/reply`, { headers: await bearerOf(request, bakery.email), data: { body: 'Thank you! It was a joy.' } }));
    }
    // The photos' thumbnails are made by a job: wait until the last one is served.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const vendor = ((await (await request.get(`/api/public/vendors/${bakery.vendorId}`)).json()) as { data: { gallery: { thumbUrl: string }[] } }).data;
      const thumbs = await Promise.all(vendor.gallery.map(async (photo) => (await request.get(photo.thumbUrl)).status()));
      if (vendor.gallery.length === colours.length && thumbs.every((status) => status === 200)) break;
      if (Date.now() > deadline) throw new Error(`the photos' thumbnails were not ready: ${thumbs.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await request.dispose();
    await server.stop();
    return { dataDir, vendorId: bakery.vendorId, stop: cleanup };
  } catch (error) {
    await server?.stop();
    await cleanup();
    throw error;
  }
}

/**
 * One origin in front of the app: `STATIC_PATH` answers the static copy (no script, no CSP: its
 * styles are the app's, inline, with the nonces of the load it was taken from), anything else
 * goes to the app unchanged. The profile is loaded through it too, so both pages pay the same hop.
 */
async function startFrontOrigin(appUrl: string): Promise<{ url: string; setStatic(html: string): void; stop(): Promise<void> }> {
  const target = new URL(appUrl);
  const agent = new Agent({ keepAlive: true });
  let staticHtml = Buffer.from('');
  const server = createServer((req, res) => {
    if (req.url === STATIC_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(staticHtml.length), 'Cache-Control': 'no-cache' });
      res.end(staticHtml);
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return {
    url: await listenOnLoopback(server),
    setStatic: (html) => {
      staticHtml = Buffer.from(html);
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** The app has drawn the profile (its article, not the server's HTML). */
async function appDrawn(page: Page): Promise<void> {
  await page.locator('article.public-profile').waitFor({ timeout: READY_TIMEOUT_MS });
}

/** One cold load of `url` in a fresh context with the CPU throttled; LCP read once loaded, `ready` and settled. */
async function measureLcp(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<LcpReading> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE_CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await ready(page);
    await page.waitForTimeout(SETTLE_MS);
    return await readLcp(page);
  } finally {
    await context.close();
  }
}

/** The profile's final DOM once the app has drawn it and its images loaded, scripts (and module preloads) removed. */
async function staticCopyOf(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await appDrawn(page);
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      for (const element of copy.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="fetch"]')) element.remove();
      return `<!doctype html>\n${copy.outerHTML}`;
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export interface ProfileLcpResult {
  profile: LcpReading;
  copy: LcpReading;
  /** The profile's LCP ÷ the copy's, per pair, in the order measured. */
  pairRatios: number[];
  ratio: number;
}

/**
 * The public profile of a bakery with a logo, six photos and three reviews, served by the real
 * server in production mode, in Chromium (cold context each load, 4× CPU throttling): its median
 * LCP against that of a static copy of itself (the final DOM the app drew, scripts removed,
 * served from the same origin with the same assets). Builds the client first when stale.
 */
export async function benchProfileLcp(): Promise<ProfileLcpResult> {
  await ensureClientBuilt();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const seeded = await seedProfile();
    cleanups.push(seeded.stop);
    const app = await startAppServer({ dataDir: seeded.dataDir });
    cleanups.push(app.stop);
    const front = await startFrontOrigin(app.url);
    cleanups.push(front.stop);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    const profileUrl = `${front.url}/vendor-profile/${seeded.vendorId}/golden-spread-bakery`;
    const probe = await fetch(profileUrl, { redirect: 'manual' });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${profileUrl} answered ${probe.status}`);
    front.setStatic(await staticCopyOf(browser, profileUrl));
    const staticUrl = `${front.url}${STATIC_PATH}`;
    const staticReady = async () => undefined;
    // One load of each first: the first context of an origin starts slower than the rest.
    await measureLcp(browser, profileUrl, appDrawn);
    await measureLcp(browser, staticUrl, staticReady);
    const profile: LcpReading[] = [];
    const copy: LcpReading[] = [];
    for (let run = 0; run < PROFILE_LCP_RUNS; run += 1) {
      if (run % 2 === 0) {
        profile.push(await measureLcp(browser, profileUrl, appDrawn));
        copy.push(await measureLcp(browser, staticUrl, staticReady));
      } else {
        copy.push(await measureLcp(browser, staticUrl, staticReady));
        profile.push(await measureLcp(browser, profileUrl, appDrawn));
      }
    }
    const pairRatios = profile.map((reading, run) => reading.ms / (copy[run] as LcpReading).ms);
    const byMs = (readings: LcpReading[]) => readings.find((reading) => reading.ms === median(readings.map((r) => r.ms))) as LcpReading;
    return { profile: byMs(profile), copy: byMs(copy), pairRatios, ratio: median(pairRatios) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}
