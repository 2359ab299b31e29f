import { readFile, rm, mkdtemp, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/core/db/database';
import { insertLeadCredits, insertQuotes, type FixtureQuote } from '../support/analytics-fixture';
import { REPO_ROOT } from '../support/tsx-process';
import { seededDataDir, VOLUME } from './marketplace';
import { startAppServer } from './support/app-server';

/** Budgets of issue 23: the analytics call for one business at 100,000 quotes, and the dashboard route's JavaScript. */
export const ANALYTICS_P99_BUDGET_MS = 50;
export const ANALYTICS_QUOTES = 100_000;
export const DASHBOARD_JS_BUDGET_BYTES = 350 * 1024;
/**
 * One connection: the analytics call is one business's dashboard opening (a person, not a crowd),
 * and SQLite answers on the server's one thread, so N connections would measure N calls queued
 * behind each other rather than the call.
 */
const CONNECTIONS = 1;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A year of leads for one business, spread evenly over 365 days: 80% answered after 1 to 600
 * minutes, 60% of those quoted, a quarter of the quotes booked a day later (deterministic).
 */
function yearOfQuotes(now: number, count: number): FixtureQuote[] {
  return Array.from({ length: count }, (_, index) => {
    const createdAt = now - Math.floor(((index + 0.5) / count) * 365 * DAY_MS);
    const answered = index % 5 !== 0;
    const firstResponseAt = answered ? createdAt + (1 + ((index * 37) % 600)) * MINUTE_MS : null;
    const quoted = answered && index % 5 <= 3 && index % 10 !== 1;
    const booked = quoted && index % 4 === 0;
    return {
      status: booked ? 'accepted' : quoted ? 'submitted' : answered ? 'closed' : 'potential',
      createdAt,
      firstResponseAt,
      submittedAt: quoted ? firstResponseAt : null,
      priceCents: quoted ? 100_000 + (index % 50) * 1_000 : null,
      acceptedAt: booked && firstResponseAt !== null ? Math.min(now, firstResponseAt + DAY_MS) : null,
    };
  });
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result.requests.total === 0) {
    throw new Error(
      `bench saw ${result.non2xx} non-2xx, ${result.errors} errors and ${result.timeouts} timeouts of ${result.requests.total} requests on ${url}`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * `GET /api/analytics?days=365` of one business with 100,000 quotes (written straight into a copy
 * of the marketplace bench's seeded SQLite database, 2,000 florists across Texas, so "How you
 * compare" has peers to count), against the real server in production mode at 1 connection:
 * p50, p99 and throughput beside the config GET of the same run.
 */
export async function benchAnalytics(seconds: number) {
  const seeded = await seededDataDir('matching', ['--quotes', '1', '--vendors', String(VOLUME.vendors), '--category', 'florist']);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-analytics-'));
  try {
    await cp(seeded.dir, dir, { recursive: true });
    const database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'vowly.sqlite') });
    const started = performance.now();
    try {
      const user = await database.db.selectFrom('users').select('vendor_id').where('email', '=', seeded.email.toLowerCase()).executeTakeFirstOrThrow();
      const ids = await insertQuotes(database.db, user.vendor_id, yearOfQuotes(Date.now(), ANALYTICS_QUOTES), 1_000);
      await insertLeadCredits(
        database.db,
        user.vendor_id,
        ids.filter((_, index) => index % 2 === 0),
        Date.now() - 30 * DAY_MS,
      );
    } finally {
      await database.close();
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const app = await startAppServer({ dataDir: dir });
    try {
      const signIn = await fetch(`${app.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seeded.email, password: seeded.password }),
      });
      const { data } = (await signIn.json()) as { data: { accessToken: string } };
      const headers = { authorization: `Bearer ${data.accessToken}` };
      const url = `${app.url}/api/analytics?days=365`;
      const sample = (await (await fetch(url, { headers })).json()) as {
        data: { leads: number; medianResponseMinutes: number | null; peers: { peers: number } | null };
      };
      for (let warm = 0; warm < 5; warm += 1) await fetch(url, { headers });
      const analytics = await load(url, headers, seconds);
      const config = await load(`${app.url}/api/config/routes`, {}, seconds);
      return { seedSeconds, leads: sample.data.leads, median: sample.data.medianResponseMinutes, peers: sample.data.peers?.peers ?? 0, analytics, config };
    } finally {
      await app.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The modules whose chunks the dashboard route loads besides the entry: the providers, the signed-in shell, the page (client/src/app/router). */
const DASHBOARD_ROOTS = ['src/app/app-providers.tsx', 'src/app/layouts/shell-layout.tsx', 'src/app/pages/dashboard-page.tsx'];

/**
 * The JavaScript the dashboard route loads, gzipped (level 9, node:zlib): a production build with
 * Vite's manifest into a folder of its own, then the entry and the lazy chunks of the providers, the
 * shell layout and the dashboard page, each with every chunk it imports statically, counted once.
 */
export async function benchDashboardBundle() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'bench-dashboard-build-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({
      configFile: path.join(REPO_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
    if (!entry) throw new Error('no entry in the Vite manifest');
    for (const root of DASHBOARD_ROOTS) if (!manifest[root]) throw new Error(`no chunk for ${root} in the Vite manifest`);
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    for (const key of [entry, ...DASHBOARD_ROOTS]) visit(key);
    const files = [...new Set([...seen].map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file?.endsWith('.js'))))];
    const chunks = await Promise.all(
      files.map(async (file) => {
        const body = await readFile(path.join(outDir, file));
        return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
      }),
    );
    chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { chunks, gzipBytes: chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0) };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    await rm(outDir, { recursive: true, force: true });
  }
}
