import type { TestContext } from '../../../support/api/test-app';
import { problemsWith } from './checks';
import type { createRawClient } from './client';
import { changedTables, createSnapshotter, createWriteCounter, type TableSnapshot } from './snapshot';
import type { Category, HostileCase, Identity } from './variants';
import { keepSignedIn, type World } from './world';

/** Something wrong that one request showed: a 5xx, a refusal that is not a problem, leaked internals, a row a refusal changed. */
export interface Finding {
  route: string;
  category: Category;
  label: string;
  request: string;
  status: number;
  problems: string[];
}

export interface WalkResult {
  sent: number;
  fiveXx: number;
  findings: Finding[];
  byCategory: Map<Category, number>;
  byStatus: Map<number, number>;
  /** Requests sent as the signed-in owner to /api routes, and how many of them the sign-in check let through (anything but 401). */
  asOwner: { sent: number; pastSignIn: number };
  /** Requests the app accepted (2xx, 3xx): the rows they change are theirs to change. */
  accepted: number;
  snapshots: number;
  signedInAgain: number;
  /** Refused requests that wrote a table of `writableByRefusals`, by table. */
  allowedWrites: Map<string, number>;
  /** Milliseconds spent on each category's requests (the checks after them included). */
  msByCategory: Map<Category, number>;
}

export interface WalkDeps {
  ctx: TestContext;
  world: World;
  client: ReturnType<typeof createRawClient>;
  /** Tables a refused request may write, with why. */
  writableByRefusals: Readonly<Record<string, string>>;
  /**
   * The job runner cannot pause (pg-boss: a stopped one does not start again): it keeps running,
   * and the walk still settles every due job before each request, so only jobs planned for later
   * (which the walk's clock never reaches) wait.
   */
  jobsKeepRunning?: boolean;
}

function authorizationOf(identity: Identity, world: World): string | undefined {
  if (identity === 'none') return undefined;
  if (identity === 'owner') return `Bearer ${world.owner.accessToken}`;
  if (identity === 'member') return `Bearer ${world.member.accessToken}`;
  return identity.authorization;
}

/** A client address of its own for each request (from a benchmark range), so per-address limits never stand in front of a route. */
function addressOf(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Sends the cases one at a time and checks each answer. Rows: the walk keeps a snapshot of every
 * table and a cheap write counter; whenever the counter moved since the snapshot (an accepted
 * request, a job it queued), the due jobs are run and a new snapshot is taken before the next
 * request; after a refused request that moved the counter, the tables it changed (other than
 * `writableByRefusals`) are findings of that request. The job runner is stopped meanwhile (or,
 * when it cannot pause, every due job has run), so nothing but the request in flight writes.
 */
export async function walk(deps: WalkDeps, cases: HostileCase[]): Promise<WalkResult> {
  const { ctx, world, client } = deps;
  const { database } = ctx;
  const result: WalkResult = {
    sent: 0,
    fiveXx: 0,
    findings: [],
    byCategory: new Map(),
    byStatus: new Map(),
    asOwner: { sent: 0, pastSignIn: 0 },
    accepted: 0,
    snapshots: 0,
    signedInAgain: 0,
    allowedWrites: new Map(),
    msByCategory: new Map(),
  };
  const snapshotTables = await createSnapshotter(database);
  const writeCounter = await createWriteCounter(database);
  let snapshot: TableSnapshot = new Map();
  let counter = '';

  const settle = async () => {
    for (let i = 0; i < 50; i += 1) {
      await ctx.jobs.runDue();
      await new Promise((resolve) => setTimeout(resolve, 2));
      const now = await writeCounter();
      if (now === counter) return;
      counter = now;
    }
  };
  const takeSnapshot = async () => {
    snapshot = await snapshotTables();
    result.snapshots += 1;
  };

  if (!deps.jobsKeepRunning) await ctx.jobs.stop();
  try {
    await settle();
    await takeSnapshot();
    const isSignedIn = async (seller: World['owner']) =>
      (await client.send({ method: 'GET', path: '/api/vendor/me', headers: { Authorization: `Bearer ${seller.accessToken}` } })).status === 200;
    let previousChanged = false;
    let previousAccepted = false;
    for (const [index, item] of cases.entries()) {
      const startedAt = performance.now();
      // Only an accepted change (a moved clock, an ended session) signs anyone out.
      if (previousChanged) {
        try {
          result.signedInAgain += await keepSignedIn(ctx, world, isSignedIn);
        } catch (error) {
          const before = cases[index - 1];
          throw new Error(`After ${before?.method} ${before?.path.slice(0, 200)} [${before?.category}: ${before?.label}], signing in again failed`, {
            cause: error,
          });
        }
      }
      // After an accepted request its work after the answer (a job, a setImmediate) is waited for, so it is not taken for the next one's.
      const before = counter;
      if (previousAccepted || (await writeCounter()) !== counter) await settle();
      if (counter !== before) await takeSnapshot();

      const headers: Record<string, string> = { ...item.headers };
      const authorization = authorizationOf(item.identity, world);
      if (authorization !== undefined) headers.Authorization = authorization;
      if (!item.path.startsWith('/dev') && headers['X-Forwarded-For'] === undefined) headers['X-Forwarded-For'] = addressOf(index);
      const response = await client.send({ method: item.method, path: item.path, headers, body: item.body, chunked: item.chunked });

      result.sent += 1;
      result.byCategory.set(item.category, (result.byCategory.get(item.category) ?? 0) + 1);
      result.byStatus.set(response.status, (result.byStatus.get(response.status) ?? 0) + 1);
      if (response.status >= 500) result.fiveXx += 1;
      if (item.identity === 'owner' && item.path.startsWith('/api/')) {
        result.asOwner.sent += 1;
        if (response.status !== 401) result.asOwner.pastSignIn += 1;
      }
      const problems = problemsWith(item.method, item.path, response);
      const refused = response.status >= 400 || response.status === 0;
      previousAccepted = !refused;
      previousChanged = !refused && !['GET', 'HEAD', 'OPTIONS'].includes(item.method);
      if (refused) {
        const after = await writeCounter();
        if (after !== counter) {
          const before = snapshot;
          await takeSnapshot();
          counter = after;
          for (const change of changedTables(before, snapshot)) {
            if (deps.writableByRefusals[change.table]) {
              result.allowedWrites.set(change.table, (result.allowedWrites.get(change.table) ?? 0) + 1);
              continue;
            }
            problems.push(`refused, yet changed ${change.table} (${change.rowsBefore} → ${change.rowsAfter} rows)`);
          }
        }
      } else {
        result.accepted += 1;
      }
      result.msByCategory.set(item.category, (result.msByCategory.get(item.category) ?? 0) + performance.now() - startedAt);
      if (problems.length > 0) {
        result.findings.push({
          route: `${item.route.method} ${item.route.pattern}`,
          category: item.category,
          label: item.label,
          request: `${item.method} ${item.path.length > 160 ? `${item.path.slice(0, 160)}…` : item.path}`,
          status: response.status,
          problems,
        });
      }
    }
    if (previousChanged) result.signedInAgain += await keepSignedIn(ctx, world, isSignedIn);
  } finally {
    if (!deps.jobsKeepRunning) await ctx.jobs.start();
  }
  return result;
}
