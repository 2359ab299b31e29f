import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../support/api/test-app';
import { realisticBody, realisticQuery } from './bodies';
import { createRawClient } from './client';
import { mountedRoutes, type MountedRoute } from './routes';
import { tamperedBearers, tamperedLinks } from './tokens';
import { casesFor, CATEGORIES, type Category, type HostileCase } from './variants';
import { walk, type Finding } from './walk';
import { buildWorld, type World } from './world';

/**
 * Hostile input on every route (issue 25, point 3): every method and path the app mounts, read
 * from Express's router (and createApp's fast paths), is sent wrong types, missing and extra
 * fields, deep nesting, huge strings and bodies, prototype-pollution keys, traversal in its
 * params, wrong content types and methods, tampered tokens and signed links, as a signed-in
 * owner unless the case is about who asks. Every answer is under 500, a refusal on the API is a
 * problem+json, no body shows a stack or SQL, no refused request changed a stored row, and the
 * server answers as before afterwards.
 */

/** Routes the walker found when this test was written: fewer than 80% of these means the enumeration broke, not that routes went. */
const ROUTES_TODAY = 111;

/** At most this many requests per route and category; the ones every route gets always go (the rest is a seeded sample). */
const CAPS: Record<Category, number> = {
  'body-shape': 9,
  fields: 14,
  nesting: 4,
  size: 4,
  'content-type': 7,
  'invalid-json': 6,
  params: 12,
  query: 6,
  method: 4,
  token: 9,
  'signed-link': 6,
  headers: 5,
};
/** On PostgreSQL (TEST_DATABASE_URL), beside the full walk on SQLite: every route and category still, this many requests of each, sampled. */
const LEAN_CAPS = Object.fromEntries(Object.keys(CAPS).map((category) => [category, 2])) as Record<Category, number>;
const SEED = 25;

/**
 * Tables a refused request writes by design, with why. Anything else a refusal changes is a
 * finding.
 */
const WRITABLE_BY_REFUSALS: Readonly<Record<string, string>> = {
  idempotency_keys: 'a refusal sent with an Idempotency-Key is kept as that key’s answer, so a retry gets the same refusal (docs/marketplace.md)',
};

/** Findings not fixed yet, each with its reason; they are printed, and a finding not listed here fails the test. */
const KNOWN: readonly { route: string; label: RegExp; reason: string }[] = [];

const isKnown = (finding: Finding) => KNOWN.some((known) => known.route === finding.route && known.label.test(finding.label));

function describeFindings(findings: Finding[]): string {
  return findings
    .slice(0, 40)
    .map((f) => `${f.route} [${f.category}: ${f.label}] ${f.request} → ${f.status}: ${f.problems.join('; ')}`)
    .join('\n');
}

/** The corpus on one store: the full walk on SQLite, a lean sample of every route and category on PostgreSQL. */
export function hostileInputCorpus(kind: 'sqlite' | 'postgres'): void {
  describe(`hostile input on every route (${kind})`, () => {
    let ctx: TestContext;
    let world: World;
    let server: Server;
    let client: ReturnType<typeof createRawClient>;
    let uploads: string;

    beforeAll(async () => {
      uploads = await mkdtemp(path.join(tmpdir(), 'hostile-corpus-'));
      // On PostgreSQL with pg-boss, as production runs there: its jobs are jsonb, which refuses text
      // the embedded runner's table keeps (a mail job holding half of a surrogate pair was a 500).
      ctx = await createTestContext({ database: kind, uploadsDir: uploads, jobRunner: kind === 'postgres' ? 'pg-boss' : 'table' });
      world = await buildWorld(ctx);
      server = createServer(ctx.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      client = createRawClient((server.address() as AddressInfo).port);
    });

    afterAll(async () => {
      client?.close();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await ctx?.close();
      if (uploads) await rm(uploads, { recursive: true, force: true });
    });

    it('when every mounted route gets the hostile corpus, then no 5xx, every refusal is a problem without internals, no refusal changed a row, and the server answers after', async () => {
      const started = Date.now();
      const routes = mountedRoutes(ctx.app.express);
      expect(routes.length, routes.map((r) => `${r.method} ${r.pattern}`).join('\n')).toBeGreaterThanOrEqual(Math.floor(ROUTES_TODAY * 0.8));

      const methodsByPattern = new Map<string, string[]>();
      for (const route of routes) methodsByPattern.set(route.pattern, [...(methodsByPattern.get(route.pattern) ?? []), route.method]);
      const input = {
        world,
        bodyOf: (key: string) => realisticBody(key, world),
        queryOf: (key: string) => realisticQuery(key, world),
        methodsOf: (pattern: string) => methodsByPattern.get(pattern) ?? [],
        bearers: await tamperedBearers(ctx.tokens, world),
        links: tamperedLinks(ctx.tokens, world),
        caps: kind === 'sqlite' ? CAPS : LEAN_CAPS,
        lean: kind !== 'sqlite',
        seed: SEED,
      };
      // Reads first, then changes, deletions last: a route that ends something (a session, a quote's
      // chance) is walked after the routes that need it.
      const order = (route: MountedRoute) => ({ GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 })[route.method] ?? 1;
      const cases: HostileCase[] = [...routes].sort((a, b) => order(a) - order(b)).flatMap((route) => casesFor(route, input));
      for (const route of routes) {
        const categories = new Set(cases.filter((c) => c.route === route).map((c) => c.category));
        expect([...categories].sort(), `${route.method} ${route.pattern}`).toEqual([...CATEGORIES].sort());
      }

      const result = await walk({ ctx, world, client, writableByRefusals: WRITABLE_BY_REFUSALS, jobsKeepRunning: kind === 'postgres' }, cases);

      const known = result.findings.filter(isKnown);
      const unknown = result.findings.filter((finding) => !isKnown(finding));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const past = Math.round((100 * result.asOwner.pastSignIn) / Math.max(1, result.asOwner.sent));
      console.log(
        `hostile corpus (${kind}${kind === 'sqlite' ? '' : ', lean'}): ${routes.length} routes walked, ${result.sent.toLocaleString('en-US')} requests sent, ${result.fiveXx} 5xx, ` +
          `${unknown.length} findings, ${known.length} known (${KNOWN.length} listed); ${result.accepted.toLocaleString('en-US')} accepted, ` +
          `${past}% of the owner's API requests past the sign-in check, ${result.snapshots} snapshots, ${result.signedInAgain} sign-ins again; ${seconds} s`,
      );
      console.log(`  by category: ${[...result.byCategory].map(([category, n]) => `${category} ${n}`).join(', ')}`);
      console.log(`  ms by category: ${[...result.msByCategory].map(([category, ms]) => `${category} ${Math.round(ms)}`).join(', ')}`);
      console.log(`  refusals that wrote an allowed table: ${[...result.allowedWrites].map(([table, n]) => `${table} ${n}`).join(', ') || 'none'}`);
      console.log(
        `  by status: ${[...result.byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(', ')}`,
      );
      for (const finding of known) {
        const reason = KNOWN.find((entry) => entry.route === finding.route && entry.label.test(finding.label))?.reason;
        console.log(`  known: ${finding.route} [${finding.category}: ${finding.label}] → ${finding.status} (${reason})`);
      }

      expect(unknown, describeFindings(unknown)).toEqual([]);
      expect(past, 'the corpus should mostly reach past the sign-in check').toBeGreaterThanOrEqual(80);

      // Healthy after: the config (fast path), an Express route on the database, a signed-in read.
      expect((await client.send({ method: 'GET', path: '/api/config/app', headers: {} })).status).toBe(200);
      expect((await client.send({ method: 'GET', path: '/api/public/coverage?category=florist&place=Austin%2C%20TX', headers: {} })).status).toBe(200);
      const summary = await client.send({ method: 'GET', path: '/api/quotes/summary', headers: { Authorization: `Bearer ${world.owner.accessToken}` } });
      expect(summary.status, summary.text).toBe(200);
      // Nothing reached the process's prototypes.
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(Object.prototype).not.toHaveProperty('isAdmin');
      expect(ctx.logger.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([]);
    }, 600_000);
  });
}
