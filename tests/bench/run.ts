import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createAbility } from '../../shared/ability/create-ability';
import { evaluateGuard, type GuardContext } from '../../shared/guard/evaluate-guard';
import { resolveNavigation } from '../../shared/guard/resolve-navigation';
import { loadSnapshot } from '../../server/config/schema-store/snapshot';
import { spawnTsx, type TsxProcess } from '../support/tsx-process';
import { ANALYTICS_P99_BUDGET_MS, ANALYTICS_QUOTES, benchAnalytics, benchDashboardBundle, DASHBOARD_JS_BUDGET_BYTES } from './analytics';
import { benchCoupleLink, COUPLE_LINK_P95_BUDGET_MS, COUPLE_LINK_RUNS } from './couple-link';
import { benchImageUploads, CONCURRENT_UPLOADS } from './image-uploads';
import {
  benchLiveUpdates,
  LIVE_P99_RATIO_TARGET,
  LIVE_POSTS,
  LIVE_STREAMS,
  MEMORY_STREAMS,
  RETAINED_AFTER_CLOSE_BUDGET_BYTES,
  STREAM_MEMORY_BUDGET_BYTES,
} from './live-updates';
import { benchLoginPage, CPU_SLOWDOWN, CRITICAL_JS_BUDGET_BYTES, LCP_BASELINE_RATIO_BUDGET, LCP_BUDGET_MS, LCP_RUNS } from './login-page';
import { benchMatching, benchQuoteLists, LIST_P99_BUDGET_MS, LIST_THROUGHPUT_TARGET, MATCH_BUDGET_MS, MATCH_VENDORS_AT_SCALE, VOLUME } from './marketplace';
import { benchMixedStore, MIXED_CONNECTIONS, SOAK_GROWTH_LIMIT, soakMixed } from './mixed-load';
import { benchPostgresReachable, benchPostgresUrl } from './support/postgres-volume';
import { recordFigure, writeBenchmarksDoc } from './support/figures';
import { benchPublicPages, PUBLIC_THROUGHPUT_TARGET, PUBLIC_VOLUME } from './public-pages';
import { benchProfileLcp, PROFILE_CPU_SLOWDOWN, PROFILE_LCP_RATIO_TARGET, PROFILE_LCP_RUNS } from './public-profile-lcp';

/**
 * `npm run bench`. Every figure is a ratio against a baseline measured in the same run:
 * - config service: GET /api/config/routes throughput ÷ a bare node:http server sending the
 *   same precomputed bytes (target ≥ 0.8). Servers run in child processes, load comes from here.
 * - guard: full navigations resolved per second ÷ bare route-table matches per second.
 * - image uploads (the real server in production mode): median and p95 latency of
 *   GET /api/config/app while 12 large images upload at once ÷ the same on the idle server
 *   (target: p95 ≤ 2×).
 * - login page (Chromium, cold cache, the real server in production mode): the gzipped
 *   JavaScript loaded before the app has taken the prerendered form over ÷ its budget, and the
 *   median LCP at 4× CPU throttling ÷ its budget, and the median of its ratio to a static page
 *   of the same layout loaded right after (or before) it (target ≤ 1.3).
 * - marketplace: `GET /api/quotes` of one business among 100,000 quotes over 2,000 businesses
 *   (the real server, SQLite, 10 connections): p99 ÷ 15 ms, throughput ÷ the config GET of the
 *   same run (target ≥ 0.3); matching one request against 2,000 and against 20,000 florists, p95
 *   ÷ 50 ms (`matching`: those two alone).
 * - live updates (the real server with NODE_ENV=test for its outbox and test clock, SQLite; a bare
 *   node:http SSE server as the baseline, both in child processes): a couple's message post →
 *   its `message.created` event on the last of one business's 500 open streams, p99 ÷ the same on
 *   500 streams of the bare server (target ≤ 2); each server's memory after a forced GC (through
 *   its inspector) before and after it holds 2,000 streams that read nothing: VmRSS per stream ÷
 *   20 KB, and the bare server's beside it.
 * - public (the real server, SQLite, 500 florists): requests per second of a public profile's
 *   HTML, of the directory's HTML (/vendors/florist/austin-tx) and of the profile's JSON
 *   (GET /api/public/vendors/:id), each ÷ a config GET measured right before it (target ≥ 0.3);
 *   then (Chromium, cold context, 4× CPU throttling) a bakery's profile with logo, photos and
 *   reviews: its median LCP ÷ that of a static copy of itself (the DOM the app drew, scripts
 *   removed, same origin and assets), median of the pairs' ratios (target ≤ 1.3).
 * - analytics: `GET /api/analytics?days=365` of one business with 100,000 quotes (the real server,
 *   SQLite, 1 connection, 2,000 florists around it): p99 ÷ 50 ms, p50 and throughput beside the
 *   config GET of the same run; the dashboard route's JavaScript (entry, providers, shell and
 *   page chunks with their static imports, from Vite's manifest) gzipped ÷ 350 KB.
 * - couple's link (the real server, SQLite, 2,000 florists around Austin): a couple's first open
 *   of the mailed link, `POST …/confirm` and the page's `GET` right after it, p95 ÷ 300 ms
 *   (matching runs as a job after the confirm answers: the time until the page says "Sent to N
 *   vendors" is printed beside it).
 * - mixed: a vendor's screens at 100,000 quotes over 2,000 businesses (the real server on SQLite,
 *   then on PostgreSQL; ten businesses, one per connection): each call alone, its throughput and
 *   p99 ÷ the config GET's measured right before it; then the whole mix, each call's p99 ÷ the
 *   config GET's in the same mix.
 * - mixed-soak (only when named; MIXED_SOAK_MINUTES, default 10; MIXED_SOAK_STORE sqlite or
 *   postgres, default sqlite): the mix for that long, the server's memory after a forced GC every
 *   minute; passes when the heap and VmRSS at the last minute are within 10% of the middle one's.
 * Exits non-zero when a budget fails.
 */
const ARGS = process.argv.slice(2);
const SECONDS = Number(ARGS.find((arg) => /^\d+$/.test(arg)) ?? 5);
/** The parts, in the order they run (and docs/benchmarks.md lists them). */
const PARTS = ['config', 'guard', 'images', 'login', 'marketplace', 'matching', 'live', 'public', 'analytics', 'couple', 'mixed', 'mixed-soak'] as const;
/** `npm run bench -- marketplace login`: only those parts; all but mixed-soak by default. `--write`: the figures go to docs/benchmarks.md. */
const ONLY = ARGS.filter((arg) => !/^\d+$/.test(arg) && !arg.startsWith('--'));
const WRITE = ARGS.includes('--write');
const unknown = [...ONLY.filter((part) => !(PARTS as readonly string[]).includes(part)), ...ARGS.filter((arg) => arg.startsWith('--') && arg !== '--write')];
if (unknown.length > 0) {
  console.error(`npm run bench: unknown ${unknown.join(', ')} (parts: ${PARTS.join(', ')}; flags: --write)`);
  process.exit(2);
}
// Written as the run ends, however it ends: a part that throws leaves the figures measured before it.
if (WRITE) process.once('exit', () => writeBenchmarksDoc(PARTS));
const wants = (part: string) => (ONLY.length === 0 && part !== 'mixed-soak') || ONLY.includes(part);
const ROUNDS = 2;

async function startServer(script: string): Promise<{ server: TsxProcess; port: number }> {
  const server = spawnTsx(fileURLToPath(new URL(script, import.meta.url)), { stdout: 'pipe' });
  const [, port] = await server.waitForStdout(/PORT (\d+)/);
  return { server, port: Number(port) };
}

async function load(port: number, seconds: number): Promise<number> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}/api/config/routes`, connections: 32, pipelining: 1, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`bench saw ${result.non2xx} non-2xx and ${result.errors} errors`);
  return result.requests.average;
}

async function benchConfigService() {
  const config = await startServer('./servers/config-server.ts');
  const bare = await startServer('./servers/bare-server.ts');
  try {
    await load(config.port, 1);
    await load(bare.port, 1);
    const app: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate the order so neither side always runs on a warmer machine.
      if (round % 2 === 0) {
        app.push(await load(config.port, SECONDS));
        baseline.push(await load(bare.port, SECONDS));
      } else {
        baseline.push(await load(bare.port, SECONDS));
        app.push(await load(config.port, SECONDS));
      }
    }
    const best = (xs: number[]) => Math.max(...xs);
    return { app: best(app), baseline: best(baseline) };
  } finally {
    await Promise.all([config.server.stop(), bare.server.stop()]);
  }
}

function opsPerSecond(fn: (i: number) => void, seconds = 1): number {
  for (let i = 0; i < 10_000; i += 1) fn(i);
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i += 1) fn(count + i);
    count += 1000;
  }
  return count / ((performance.now() - start) / 1000);
}

async function benchGuard() {
  const snapshot = await loadSnapshot(fileURLToPath(new URL('../../schemas', import.meta.url)));
  const admin = { role: 'admin', last_completed_step: 1, ability: [{ action: 'manage', subject: 'all' }] };
  const vendors = [
    null,
    { ...admin, category: [{ vendor_type_id: 6 }] },
    { ...admin, category: [{ vendor_type_id: 2 }, { vendor_type_id: 11 }], catering_head_count: 100 },
    { ...admin, payment_status: 'payment_failed' },
    { ...admin, last_completed_step: 0 },
    { ...admin, role: 'client', ability: [{ action: 'read', subject: 'Message' }] },
  ];
  const contexts: GuardContext[] = vendors.map((vendor) => ({
    session: { vendor, hasToken: vendor !== null },
    ability: createAbility(vendor?.ability),
    rules: snapshot.config.guardRules,
  }));
  const paths = ['/dashboard', '/', '/potential-matches', '/change-plan', '/catering/12', '/auto-response/bakery', '/nope', '/vendor-profile/1/x'];
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length] as T;
  const match = opsPerSecond((i) => snapshot.table.match(pick(paths, i)));
  const evaluate = opsPerSecond((i) => evaluateGuard(snapshot.table.match(pick(paths, i))?.route ?? null, pick(contexts, i)));
  const resolve = opsPerSecond((i) => resolveNavigation(snapshot.table, pick(contexts, i), pick(paths, i)));
  return { match, evaluate, resolve };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(2)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (wants('config')) {
  console.log(`Config service (${SECONDS}s × ${ROUNDS} rounds, 32 connections)…`);
  const http = await benchConfigService();
  const ratio = http.app / http.baseline;
  console.log(`  GET /api/config/routes   ${fmt(http.app)} req/s`);
  console.log(`  bare node:http baseline  ${fmt(http.baseline)} req/s`);
  const result = recordFigure(
    'config',
    'GET /api/config/routes throughput ÷ bare node:http',
    ratio,
    { atLeast: 0.8 },
    `${fmt(http.app)} ÷ ${fmt(http.baseline)} req/s`,
  );
  console.log(`  ratio                    ${ratio.toFixed(2)}  (target ≥ 0.80) ${result}`);
}

if (wants('guard')) {
  console.log('Guard…');
  const guard = await benchGuard();
  console.log(`  route-table match (baseline)   ${fmt(guard.match)} /s`);
  console.log(`  evaluateGuard (one step)       ${fmt(guard.evaluate)} /s  ratio ${(guard.evaluate / guard.match).toFixed(2)}`);
  console.log(`  resolveNavigation (to the end) ${fmt(guard.resolve)} /s  ratio ${(guard.resolve / guard.match).toFixed(2)}`);
  recordFigure(
    'guard',
    'evaluateGuard (one step) ÷ a route-table match',
    guard.evaluate / guard.match,
    null,
    `${fmt(guard.evaluate)} ÷ ${fmt(guard.match)} /s`,
  );
  recordFigure(
    'guard',
    'resolveNavigation (to the end) ÷ a route-table match',
    guard.resolve / guard.match,
    null,
    `${fmt(guard.resolve)} ÷ ${fmt(guard.match)} /s`,
  );
}

if (wants('images')) {
  console.log(`Image uploads (${CONCURRENT_UPLOADS} at once, the real server)…`);
  const images = await benchImageUploads();
  const medianRatio = images.busy.median / images.idle.median;
  const p95Ratio = images.busy.p95 / images.idle.p95;
  const answers = Object.entries(images.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  console.log(
    `  each ${images.photo.width} × ${images.photo.height} PNG, ${(images.photo.bytes / (1024 * 1024)).toFixed(1)} MB; answered ${answers} in ${images.uploadSeconds.toFixed(1)} s`,
  );
  console.log(`  GET /api/config/app idle        median ${ms(images.idle.median)}  p95 ${ms(images.idle.p95)}  (${images.idle.count} requests)`);
  console.log(`  … while the uploads run         median ${ms(images.busy.median)}  p95 ${ms(images.busy.p95)}  (${images.busy.count} requests)`);
  const result = recordFigure(
    'images',
    `GET /api/config/app p95 while ${CONCURRENT_UPLOADS} large images upload ÷ idle`,
    p95Ratio,
    { atMost: 2 },
    `${ms(images.busy.p95)} ÷ ${ms(images.idle.p95)}; median ratio ${medianRatio.toFixed(2)}`,
  );
  console.log(`  ratio                           median ${medianRatio.toFixed(2)}  p95 ${p95Ratio.toFixed(2)}  (target p95 ≤ 2.00) ${result}`);
}

if (wants('login')) {
  console.log('Login page (Chromium, cold cache)…');
  const login = await benchLoginPage();
  const jsRatio = login.criticalGzipBytes / CRITICAL_JS_BUDGET_BYTES;
  const lcpRatio = login.lcp.ms / LCP_BUDGET_MS;
  const { baselineRatio } = login;
  console.log('  JavaScript loaded before the app has taken the form over (gzip -9 by node:zlib of each body):');
  for (const script of login.scripts) {
    console.log(`    ${script.path.padEnd(44)} ${kb(script.gzipBytes).padStart(9)}  (${kb(script.bytes)} served, ${script.servedEncoding})`);
  }
  console.log(`  critical JS (${login.scripts.length} files)    ${kb(login.criticalGzipBytes)} gzip`);
  console.log(`  budget                   ${kb(CRITICAL_JS_BUDGET_BYTES)}`);
  console.log(
    `  ratio                    ${jsRatio.toFixed(2)}  (budget ≤ 1.00) ${recordFigure('login', 'sign-in page: critical JavaScript (gzip) ÷ its budget', jsRatio, { atMost: 1 }, `${kb(login.criticalGzipBytes)} ÷ ${kb(CRITICAL_JS_BUDGET_BYTES)}`)}`,
  );
  console.log(`  LCP, ${CPU_SLOWDOWN}× CPU throttling, median of ${LCP_RUNS}:`);
  console.log(`  login page /             ${fmt(login.lcp.ms)} ms  ${login.lcp.element}`);
  console.log(`  static page baseline     ${fmt(login.baselineLcp.ms)} ms  ${login.baselineLcp.element}`);
  const baselineVerdict = recordFigure(
    'login',
    `sign-in page: LCP ÷ a static page of its layout (${CPU_SLOWDOWN}× CPU, median of ${LCP_RUNS} pairs)`,
    baselineRatio,
    { atMost: LCP_BASELINE_RATIO_BUDGET },
    `${fmt(login.lcp.ms)} ms against ${fmt(login.baselineLcp.ms)} ms`,
  );
  console.log(
    `  ratio to the baseline    ${baselineRatio.toFixed(2)}  (budget ≤ ${LCP_BASELINE_RATIO_BUDGET.toFixed(2)}) ${baselineVerdict}  median of each pair's ratio`,
  );
  console.log(
    `  the pairs' ratios        ${[...login.pairRatios]
      .sort((a, b) => a - b)
      .map((ratio) => ratio.toFixed(2))
      .join(' ')}`,
  );
  console.log(`  budget                   ${fmt(LCP_BUDGET_MS)} ms`);
  console.log(
    `  ratio                    ${lcpRatio.toFixed(2)}  (budget ≤ 1.00) ${recordFigure('login', `sign-in page: LCP (${CPU_SLOWDOWN}× CPU) ÷ ${fmt(LCP_BUDGET_MS)} ms`, lcpRatio, { atMost: 1 }, `${fmt(login.lcp.ms)} ms`)}`,
  );
}

if (wants('marketplace')) {
  console.log(
    `Marketplace (${VOLUME.quotes.toLocaleString('en-US')} quotes over ${VOLUME.vendors.toLocaleString('en-US')} businesses, SQLite, the real server)…`,
  );
  const lists = await benchQuoteLists(SECONDS);
  const p99Ratio = lists.list.p99 / LIST_P99_BUDGET_MS;
  const throughput = lists.list.rps / lists.config.rps;
  console.log(
    `  GET /api/quotes?status=${lists.status} (${lists.rows} rows, a page of 25)  ${fmt(lists.list.rps)} req/s  p50 ${ms(lists.list.p50)}  p99 ${ms(lists.list.p99)}`,
  );
  console.log(`  GET /api/config/routes, same run             ${fmt(lists.config.rps)} req/s`);
  const listName = `GET /api/quotes (a page of 25 of ${fmt(lists.rows)}, ${fmt(VOLUME.quotes)} quotes, SQLite)`;
  const p99Verdict = recordFigure('marketplace', `${listName}: p99 ÷ ${LIST_P99_BUDGET_MS} ms`, p99Ratio, { atMost: 1 }, ms(lists.list.p99));
  console.log(`  p99 ratio to ${LIST_P99_BUDGET_MS} ms             ${p99Ratio.toFixed(2)}  (budget ≤ 1.00) ${p99Verdict}`);
  const throughputVerdict = recordFigure(
    'marketplace',
    `${listName}: throughput ÷ the config GET`,
    throughput,
    { atLeast: LIST_THROUGHPUT_TARGET },
    `${fmt(lists.list.rps)} ÷ ${fmt(lists.config.rps)} req/s`,
  );
  console.log(`  throughput ratio                ${throughput.toFixed(2)}  (target ≥ ${LIST_THROUGHPUT_TARGET.toFixed(2)}) ${throughputVerdict}`);
}

if (wants('marketplace') || wants('matching')) {
  if (!wants('marketplace')) console.log('Matching (one request in Austin, in-process on SQLite)…');
  for (const vendors of [VOLUME.vendors, MATCH_VENDORS_AT_SCALE]) {
    const matching = await benchMatching(vendors);
    const matchRatio = matching.p95 / MATCH_BUDGET_MS;
    console.log(
      `  matching one request against ${fmt(matching.candidates)} florists: median ${ms(matching.median)}  p95 ${ms(matching.p95)}  (${matching.matched} matched)`,
    );
    const matchVerdict = recordFigure(
      'matching',
      `matching one request among ${fmt(vendors)} florists (SQLite): p95 ÷ ${MATCH_BUDGET_MS} ms`,
      matchRatio,
      { atMost: 1 },
      ms(matching.p95),
    );
    console.log(`  p95 ratio to ${MATCH_BUDGET_MS} ms             ${matchRatio.toFixed(2)}  (budget ≤ 1.00) ${matchVerdict}`);
  }
}

if (wants('live')) {
  console.log(
    `Live updates (the real server, NODE_ENV=test, SQLite; ${fmt(LIVE_STREAMS)} streams of one business, ${fmt(LIVE_POSTS)} messages posted one after another)…`,
  );
  const live = await benchLiveUpdates();
  const p99Ratio = live.app.delivery.last.p99 / live.bare.delivery.last.p99;
  const memoryRatio = live.app.memory.rssPerStream / STREAM_MEMORY_BUDGET_BYTES;
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  console.log(
    `  seeded in ${live.seedSeconds.toFixed(0)} s: the business's owner and ${live.app.team - 1} team members (${live.app.perUser} streams a user), ${live.app.others} other businesses`,
  );
  for (const [name, side] of [
    ['GET /api/events', live.app],
    ['bare node:http SSE', live.bare],
  ] as const) {
    const { last, all, answered } = side.delivery;
    console.log(
      `  ${name.padEnd(19)} post → event on the last stream  p50 ${ms(last.p50)}  p99 ${ms(last.p99)}  (on all ${LIVE_STREAMS}: p99 ${ms(all.p99)}; POST answered p50 ${ms(answered.p50)}  p99 ${ms(answered.p99)})`,
    );
  }
  const p99Verdict = recordFigure(
    'live',
    `a message → its event on the last of ${fmt(LIVE_STREAMS)} streams: p99 ÷ a bare SSE server's`,
    p99Ratio,
    { atMost: LIVE_P99_RATIO_TARGET },
    `${ms(live.app.delivery.last.p99)} ÷ ${ms(live.bare.delivery.last.p99)}`,
  );
  console.log(`  p99 ratio to the baseline     ${p99Ratio.toFixed(2)}  (target ≤ ${LIVE_P99_RATIO_TARGET.toFixed(2)}) ${p99Verdict}`);
  console.log(`  memory per open stream, ${fmt(MEMORY_STREAMS)} streams that read nothing, after a forced GC:`);
  for (const [name, memory] of [
    ['GET /api/events', live.app.memory],
    ['bare node:http SSE', live.bare.memory],
  ] as const) {
    console.log(
      `  ${name.padEnd(19)} VmRSS ${kb(memory.rssPerStream).padStart(8)}  heap + external ${kb(memory.heapPerStream).padStart(8)}  (VmRSS ${mb(memory.before.rss)} → ${mb(memory.after.rss)})`,
    );
  }
  const memoryVerdict = recordFigure(
    'live',
    `memory per open stream (VmRSS, ${fmt(MEMORY_STREAMS)} streams) ÷ ${kb(STREAM_MEMORY_BUDGET_BYTES)}`,
    memoryRatio,
    { atMost: 1 },
    kb(live.app.memory.rssPerStream),
  );
  console.log(`  VmRSS ratio to ${kb(STREAM_MEMORY_BUDGET_BYTES)}        ${memoryRatio.toFixed(2)}  (budget ≤ 1.00) ${memoryVerdict}`);
  // A leak check: once the streams closed (and a GC), the heap and C++ objects are back where they were.
  const retainedRatio = live.app.memory.retainedAfterClose / RETAINED_AFTER_CLOSE_BUDGET_BYTES;
  const retainedVerdict = recordFigure(
    'live',
    `memory held after the ${fmt(MEMORY_STREAMS)} streams closed ÷ ${mb(RETAINED_AFTER_CLOSE_BUDGET_BYTES)}`,
    retainedRatio,
    { atMost: 1 },
    mb(live.app.memory.retainedAfterClose),
  );
  console.log(
    `  held after all ${fmt(MEMORY_STREAMS)} closed ${mb(live.app.memory.retainedAfterClose)} ÷ ${mb(RETAINED_AFTER_CLOSE_BUDGET_BYTES)}  ${retainedRatio.toFixed(2)}  (budget ≤ 1.00) ${retainedVerdict}`,
  );
}

if (wants('public')) {
  console.log(`Public pages (${fmt(PUBLIC_VOLUME.vendors)} florists, SQLite, the real server, 10 connections; each after a config GET)…`);
  const pages = await benchPublicPages(SECONDS);
  const { results } = pages;
  const rows = [
    ['GET /dashboard (index.html, for reference)', results.shell],
    ['GET /vendor-profile/<id>/<slug> (HTML)', results.profile],
    [`GET /vendors/florist/austin-tx (HTML, ${pages.cards} cards)`, results.directory],
    ['GET /api/public/vendors/<id> (JSON)', results.api],
  ] as const;
  for (const [name, result] of rows) {
    const ratio = result.page.rps / result.config.rps;
    const counted = result !== results.shell;
    const pageVerdict = recordFigure(
      'public',
      `${name.replace(/ \(index.html, for reference\)/, ' (the app shell)')}: throughput ÷ the config GET`,
      ratio,
      counted ? { atLeast: PUBLIC_THROUGHPUT_TARGET } : null,
      `${fmt(result.page.rps)} ÷ ${fmt(result.config.rps)} req/s`,
    );
    console.log(
      `  ${name.padEnd(46)} ${fmt(result.page.rps)} req/s  p50 ${ms(result.page.p50)}  p99 ${ms(result.page.p99)}  (config GET ${fmt(result.config.rps)} req/s)`,
    );
    console.log(`    throughput ratio ${ratio.toFixed(2)}${counted ? `  (target ≥ ${PUBLIC_THROUGHPUT_TARGET.toFixed(2)}) ${pageVerdict}` : ''}`);
  }
  console.log(`  Public profile LCP (Chromium, ${PROFILE_CPU_SLOWDOWN}× CPU throttling, ${PROFILE_LCP_RUNS} pairs, medians)…`);
  const lcp = await benchProfileLcp();
  console.log(`    profile                 ${ms(lcp.profile.ms)}  ${lcp.profile.element}`);
  console.log(`    static copy of itself   ${ms(lcp.copy.ms)}  ${lcp.copy.element}`);
  console.log(`    pair ratios             ${lcp.pairRatios.map((ratio) => ratio.toFixed(2)).join(' ')}`);
  const lcpVerdict = recordFigure(
    'public',
    `a public profile's LCP ÷ a static copy of itself (${PROFILE_CPU_SLOWDOWN}× CPU, median of ${PROFILE_LCP_RUNS} pairs)`,
    lcp.ratio,
    { atMost: PROFILE_LCP_RATIO_TARGET },
    `${ms(lcp.profile.ms)} against ${ms(lcp.copy.ms)}`,
  );
  console.log(`    LCP ratio to the copy   ${lcp.ratio.toFixed(2)}  (target ≤ ${PROFILE_LCP_RATIO_TARGET.toFixed(2)}) ${lcpVerdict}`);
}

if (wants('analytics')) {
  console.log(`Analytics (${ANALYTICS_QUOTES.toLocaleString('en-US')} quotes of one business, SQLite, the real server)…`);
  const result = await benchAnalytics(SECONDS);
  const p99Ratio = result.analytics.p99 / ANALYTICS_P99_BUDGET_MS;
  console.log(
    `  seeded in ${result.seedSeconds.toFixed(0)} s; the year: ${fmt(result.leads)} leads, median response ${String(result.median)} min, ${String(result.peers)} peers`,
  );
  console.log(`  GET /api/analytics?days=365          ${fmt(result.analytics.rps)} req/s  p50 ${ms(result.analytics.p50)}  p99 ${ms(result.analytics.p99)}`);
  console.log(`  GET /api/config/routes, same run     ${fmt(result.config.rps)} req/s  p50 ${ms(result.config.p50)}  p99 ${ms(result.config.p99)}`);
  console.log(`  throughput ratio to the config GET   ${(result.analytics.rps / result.config.rps).toFixed(3)}`);
  const p99Verdict = recordFigure(
    'analytics',
    `GET /api/analytics?days=365 (${fmt(ANALYTICS_QUOTES)} quotes of one business): p99 ÷ ${ANALYTICS_P99_BUDGET_MS} ms`,
    p99Ratio,
    { atMost: 1 },
    ms(result.analytics.p99),
  );
  console.log(`  p99 ratio to ${ANALYTICS_P99_BUDGET_MS} ms               ${p99Ratio.toFixed(2)}  (budget ≤ 1.00) ${p99Verdict}`);
  const bundle = await benchDashboardBundle();
  const jsRatio = bundle.gzipBytes / DASHBOARD_JS_BUDGET_BYTES;
  console.log("  the dashboard route's JavaScript (gzip -9 by node:zlib):");
  for (const chunk of bundle.chunks) console.log(`    ${chunk.file.padEnd(44)} ${kb(chunk.gzipBytes).padStart(9)}  (${kb(chunk.bytes)})`);
  console.log(`  dashboard JS (${bundle.chunks.length} files)  ${kb(bundle.gzipBytes)} gzip`);
  const jsVerdict = recordFigure(
    'analytics',
    "the dashboard route's JavaScript (gzip) ÷ its budget",
    jsRatio,
    { atMost: 1 },
    `${kb(bundle.gzipBytes)} ÷ ${kb(DASHBOARD_JS_BUDGET_BYTES)}`,
  );
  console.log(`  ratio to ${kb(DASHBOARD_JS_BUDGET_BYTES)}        ${jsRatio.toFixed(2)}  (budget ≤ 1.00) ${jsVerdict}`);
}

if (wants('couple')) {
  console.log(`Couple's link (${fmt(VOLUME.vendors)} florists, SQLite, the real server; ${COUPLE_LINK_RUNS - 1} couples, one at a time)…`);
  const link = await benchCoupleLink();
  const ratio = link.both.p95 / COUPLE_LINK_P95_BUDGET_MS;
  console.log(`  POST /api/public/requests/:token/confirm    p50 ${ms(link.confirm.p50)}  p95 ${ms(link.confirm.p95)}`);
  console.log(`  GET /api/public/requests/:token right after p50 ${ms(link.firstRead.p50)}  p95 ${ms(link.firstRead.p95)}`);
  console.log(`  confirm + the page's first read             p50 ${ms(link.both.p50)}  p95 ${ms(link.both.p95)}  (${link.couples} couples)`);
  console.log(
    `  until the page says "Sent to ${link.vendorsPerRequest} vendors"        p50 ${ms(link.sent.p50)}  p95 ${ms(link.sent.p95)}  (matching runs as a job)`,
  );
  const linkVerdict = recordFigure(
    'couple',
    `a couple's confirm and the page's first read: p95 ÷ ${COUPLE_LINK_P95_BUDGET_MS} ms`,
    ratio,
    { atMost: 1 },
    `${ms(link.both.p95)}; "Sent to N vendors" p95 ${ms(link.sent.p95)}`,
  );
  console.log(`  p95 ratio to ${COUPLE_LINK_P95_BUDGET_MS} ms               ${ratio.toFixed(2)}  (budget ≤ 1.00) ${linkVerdict}`);
}

if (wants('mixed')) {
  console.log(
    `Mixed load (${VOLUME.quotes.toLocaleString('en-US')} quotes over ${VOLUME.vendors.toLocaleString('en-US')} businesses, the real server, ${MIXED_CONNECTIONS} connections, one business each)…`,
  );
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && !(await benchPostgresReachable())) {
      console.log(`  PostgreSQL: skipped, nothing answers at ${benchPostgresUrl()} (BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    const store = await benchMixedStore(kind, SECONDS);
    console.log(
      `  ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (ready in ${store.setupSeconds.toFixed(0)} s${store.cached ? ', seed cached' : ', seeded now'}):`,
    );
    console.log('    each call alone, then in the mix; ratios to GET /api/config/routes (alone: measured right before it; mix: the same mix)');
    for (const call of store.calls) {
      const { alone, configAlone, mixed } = call;
      console.log(`    ${call.name}`);
      console.log(
        `      alone  ${fmt(alone.rps).padStart(6)} req/s  p99 ${ms(alone.p99).padStart(9)}  (config ${fmt(configAlone.rps)} req/s, p99 ${ms(configAlone.p99)})  throughput ratio ${(alone.rps / configAlone.rps).toFixed(2)}  p99 ratio ${(alone.p99 / configAlone.p99).toFixed(1)}`,
      );
      console.log(
        `      mix    ${fmt(mixed.rps).padStart(6)} req/s  p50 ${ms(mixed.p50)}  p99 ${ms(mixed.p99).padStart(9)}  p99 ratio ${(mixed.p99 / store.configMixed.p99).toFixed(1)}${mixed.skipped > 0 ? `  (${fmt(mixed.skipped)} picks with nothing left to send)` : ''}`,
      );
    }
    const storeName = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const call of store.calls) {
      recordFigure(
        'mixed',
        `${storeName}: ${call.name} alone, p99 ÷ the config GET's`,
        call.alone.p99 / call.configAlone.p99,
        null,
        ms(call.alone.p99),
        (call.alone.p99 / call.configAlone.p99).toFixed(1),
      );
    }
    const worst = [...store.calls].sort((a, b) => b.mixed.p99 - a.mixed.p99)[0];
    if (worst)
      recordFigure(
        'mixed',
        `${storeName}: the mix, the slowest call's p99 ÷ the config GET's in it`,
        worst.mixed.p99 / store.configMixed.p99,
        null,
        `${worst.name} ${ms(worst.mixed.p99)}; ${fmt(store.mix.rps)} calls/s`,
        (worst.mixed.p99 / store.configMixed.p99).toFixed(1),
      );
    console.log(
      `    the mix: ${fmt(store.mix.rps)} calls/s over ${store.mix.seconds.toFixed(0)} s; its config GETs ${fmt(store.configMixed.rps)} req/s, p50 ${ms(store.configMixed.p50)}, p99 ${ms(store.configMixed.p99)}; ${fmt(store.mailed)} mails delivered to the SMTP sink`,
    );
  }
}

if (wants('mixed-soak')) {
  const minutes = Number(process.env.MIXED_SOAK_MINUTES ?? 10);
  const kind = process.env.MIXED_SOAK_STORE === 'postgres' ? 'postgres' : 'sqlite';
  if (!Number.isInteger(minutes) || minutes < 2) throw new Error('MIXED_SOAK_MINUTES: a whole number of minutes, 2 or more');
  console.log(`Mixed load soak (${minutes} minutes on ${kind}, ${MIXED_CONNECTIONS} connections; memory after a forced GC each minute, the load paused)…`);
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  const soak = await soakMixed(kind, minutes, (sample) => {
    console.log(
      `  minute ${String(sample.minute).padStart(2)}  VmRSS ${mb(sample.memory.rss).padStart(9)}  heap ${mb(sample.memory.heapUsed).padStart(8)}  external ${mb(sample.memory.external).padStart(7)}  ${fmt(sample.calls).padStart(7)} calls  slowest p99 ${ms(sample.p99)}  (${new Date().toISOString().slice(11, 19)} UTC)`,
    );
    const slowest = [...sample.figures].sort((a, b) => b.p50 - a.p50).slice(0, 3);
    if (slowest.length > 0) console.log(`             slowest p50: ${slowest.map((figures) => `${figures.name} ${ms(figures.p50)}`).join(', ')}`);
  });
  console.log(`  ${fmt(soak.mailed)} mails delivered to the SMTP sink`);
  if (soak.skipped > 0) console.log(`  ${fmt(soak.skipped)} submits skipped: the businesses' potential quotes ran out`);
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  console.log(
    `  minute ${minutes} against minute ${soak.middle}: heap ${pct(soak.heapGrowth)}, VmRSS ${pct(soak.rssGrowth)}  (budget ≤ +${(SOAK_GROWTH_LIMIT * 100).toFixed(0)}% each) ${soak.passed ? 'PASS' : 'FAIL'}`,
  );
  recordFigure(
    'mixed-soak',
    `${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: the larger of heap and VmRSS growth over the second half of ${minutes} minutes of the mix ÷ ${(SOAK_GROWTH_LIMIT * 100).toFixed(0)}%`,
    Math.max(soak.heapGrowth, soak.rssGrowth) / SOAK_GROWTH_LIMIT,
    { atMost: 1 },
    `heap ${pct(soak.heapGrowth)}, VmRSS ${pct(soak.rssGrowth)}`,
  );
}
