import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIVE_SETTINGS } from '../../server/live';
import { COUPLE_MESSAGES_PER_HOUR } from '../../server/messages/messages.router';
import { createSseParser } from '../../shared/live/sse-parser';
import { spawnTsx, type TsxProcess } from '../support/tsx-process';
import { aQuotedBusinessWithTeam, registeredBusinesses, type Person } from './support/live-seed';
import { inspectorOptions, inspectorUrlOf, memoryAfterGc, type MemoryReading } from './support/process-memory';
import { openMany, openStream, streamAgent, type HeldStream } from './support/sse-streams';
import { startTestModeServer } from './support/test-mode-server';

/** The figures: post → event p99 with 500 open streams ≤ 2 × a bare SSE server's; ≤ 20 KB per open stream. */
export const LIVE_STREAMS = 500;
export const LIVE_P99_RATIO_TARGET = 2;
export const MEMORY_STREAMS = 2_000;
export const STREAM_MEMORY_BUDGET_BYTES = 20 * 1024;
/** What the server may still hold of {@link MEMORY_STREAMS} streams once they closed (heap and C++ objects, after a forced GC): under a tenth of what they held open. */
export const RETAINED_AFTER_CLOSE_BUDGET_BYTES = 4 * 1024 * 1024;
/** Messages measured on each server, in two rounds (app then bare, bare then app), after a warm-up. */
export const LIVE_POSTS = 500;
const ROUNDS = 2;
const WARM_UP_POSTS = 50;
/** A pause between one message fully received and the next post. */
const GAP_MS = 10;
const OPENING_CONCURRENCY = 50;
const WARM_UP_STREAMS = 100;
/** The couple's posts come through the loopback proxy (TRUST_PROXY) from a new address before one address reaches its hourly limit. */
const POSTS_PER_ADDRESS = COUPLE_MESSAGES_PER_HOUR - 20;
const PER_USER = DEFAULT_LIVE_SETTINGS.maxStreamsPerUser;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Latencies in milliseconds: p50 and p99 of `count` samples. */
export interface Percentiles {
  p50: number;
  p99: number;
  count: number;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: rank(0.5), p99: rank(0.99), count: sorted.length };
}

/** Post → received, for the last stream opened (the last one each server writes to) and for every stream; post → answered. */
export interface DeliveryStats {
  last: Percentiles;
  all: Percentiles;
  answered: Percentiles;
}

/** Latencies of each message, in milliseconds. */
interface Samples {
  last: number[];
  all: number[];
  answered: number[];
}

const statsOf = (samples: Samples): DeliveryStats => ({
  last: percentiles(samples.last),
  all: percentiles(samples.all),
  answered: percentiles(samples.answered),
});

/** A server's memory before and after opening {@link MEMORY_STREAMS} streams that never read, and the difference per stream. */
export interface StreamMemory {
  before: MemoryReading;
  after: MemoryReading;
  /** Of the resident set: the target's figure. */
  rssPerStream: number;
  /** Of V8's heap in use and C++ objects bound to it. */
  heapPerStream: number;
  /** After the streams closed (and a forced GC): what the server still holds of them, heap and C++ objects, all streams together. */
  retainedAfterClose: number;
}

export interface LiveUpdatesResult {
  app: {
    delivery: DeliveryStats;
    memory: StreamMemory;
    /** The people of the business whose streams are measured. */
    team: number;
    /** The businesses whose streams the memory figure holds. */
    others: number;
    /** The streams each user holds (the most one may). */
    perUser: number;
  };
  bare: { delivery: DeliveryStats; memory: StreamMemory };
  seedSeconds: number;
}

/** What the bench needs of a server: how to open its i-th stream, and to post a message (resolving with the message's id). */
interface LiveTarget {
  streamUrl: string;
  streamHeaders(i: number): Record<string, string>;
  post(n: number): Promise<string>;
}

function postJson(url: string, body: unknown, headers: Record<string, string>, agent: Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, {
      method: 'POST',
      agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)), ...headers },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.end(payload);
  });
}

async function postMessage(url: string, n: number, headers: Record<string, string>, agent: Agent): Promise<string> {
  const { status, text } = await postJson(url, { body: `Bench question ${n}: can the bouquets be ready by 9 am?` }, headers, agent);
  if (status !== 201) throw new Error(`POST ${url}: ${status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

const MESSAGE_EVENT = 'event: message.created\n';

/**
 * Holds `count` reading streams of `target` and posts messages one after another, each once the
 * previous one has reached every stream: for each, the time from sending the POST to the chunk
 * that brought its event to the last stream opened (the last each server writes to), and to the
 * last of all the streams to get it. That stream parses what it reads (and checks the event is
 * the message posted); the others only count `message.created` lines, so that this process's
 * own reading weighs as little as it can on the figures.
 */
async function holdStreams(target: LiveTarget, count: number) {
  const agent = streamAgent();
  /** Per message (in the order posted), how many streams have it, and when the last one got it. */
  const reached: { count: number; all?: number }[] = [];
  const lastStream: { id: string; at: number }[] = [];
  let woken: (() => void) | null = null;
  const arrived = (n: number, at: number) => {
    const entry = (reached[n] ??= { count: 0 });
    entry.count += 1;
    if (entry.count === count) {
      entry.all = at;
      woken?.();
    }
  };
  const counter = () => {
    let seen = 0;
    let carry = '';
    return (chunk: string) => {
      const at = performance.now();
      const text = carry + chunk;
      for (let from = text.indexOf(MESSAGE_EVENT); from >= 0; from = text.indexOf(MESSAGE_EVENT, from + 1)) {
        arrived(seen, at);
        seen += 1;
      }
      carry = text.slice(-(MESSAGE_EVENT.length - 1));
    };
  };
  const parser = () => {
    let seen = 0;
    let at = 0;
    const parse = createSseParser((event) => {
      if (event.event !== 'message.created') return;
      lastStream[seen] = { id: (JSON.parse(event.data) as { messageId: string }).messageId, at };
      arrived(seen, at);
      seen += 1;
    });
    return (chunk: string) => {
      at = performance.now();
      parse(chunk);
    };
  };
  const streams = await openMany(count - 1, OPENING_CONCURRENCY, (i) => openStream(target.streamUrl, target.streamHeaders(i), agent, counter()));
  // Alone, once the others are open: the last stream the server holds, so the last it writes to.
  streams.push(await openStream(target.streamUrl, target.streamHeaders(count - 1), agent, parser()));
  const received = (n: number, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        woken = null;
        reject(new Error(`message ${n} reached ${reached[n]?.count ?? 0} of ${count} streams within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (reached[n]?.all === undefined) return;
        clearTimeout(timer);
        woken = null;
        resolve();
      };
      woken = check;
      check();
    });
  let posted = 0;
  return {
    /** Posts `n` messages; the latencies of each. */
    async measure(n: number): Promise<Samples> {
      const last: number[] = [];
      const all: number[] = [];
      const answered: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const sent = performance.now();
        const id = await target.post(posted);
        answered.push(performance.now() - sent);
        await received(posted, 10_000);
        const onLast = lastStream[posted];
        if (onLast?.id !== id) throw new Error(`message ${posted} is ${id}, but the last stream's event ${posted} was ${onLast?.id}`);
        last.push(onLast.at - sent);
        all.push((reached[posted]?.all ?? Number.NaN) - sent);
        posted += 1;
        await sleep(GAP_MS);
      }
      return { last, all, answered };
    },
    close(): void {
      for (const stream of streams) stream.close();
      agent.destroy();
    },
  };
}

/**
 * A server's memory, after a full GC forced through its inspector, before and after it holds
 * {@link MEMORY_STREAMS} streams whose consumer reads nothing after the headers. A warm-up opens
 * and closes {@link WARM_UP_STREAMS} first, so the code that serves a stream is loaded and compiled
 * (and the inspector attached once) before `before`.
 */
async function memoryOf(pid: number, inspector: string, open: (i: number) => Promise<HeldStream>): Promise<StreamMemory> {
  const warm = await openMany(WARM_UP_STREAMS, OPENING_CONCURRENCY, open);
  for (const stream of warm) stream.close();
  await sleep(1_000);
  await memoryAfterGc(pid, inspector);
  const before = await memoryAfterGc(pid, inspector);
  const streams = await openMany(MEMORY_STREAMS, OPENING_CONCURRENCY, open);
  await sleep(1_000);
  const after = await memoryAfterGc(pid, inspector);
  for (const stream of streams) stream.close();
  // Past the grace an ended stream's socket is given, so only what leaks is left.
  await sleep(6_000);
  const closed = await memoryAfterGc(pid, inspector);
  return {
    before,
    after,
    rssPerStream: (after.rss - before.rss) / MEMORY_STREAMS,
    heapPerStream: (after.heapUsed + after.external - before.heapUsed - before.external) / MEMORY_STREAMS,
    retainedAfterClose: closed.heapUsed + closed.external - before.heapUsed - before.external,
  };
}

async function startBareServer(): Promise<{ server: TsxProcess; url: string; pid: number; inspector: string }> {
  const server = spawnTsx(fileURLToPath(new URL('./servers/bare-sse-server.ts', import.meta.url)), {
    stdout: 'pipe',
    launcher: 'node',
    env: { ...process.env, NODE_OPTIONS: inspectorOptions() },
  });
  const [, port] = await server.waitForStdout(/PORT (\d+)/);
  if (server.child.pid === undefined) throw new Error('the bare SSE server has no pid');
  return { server, url: `http://127.0.0.1:${port}`, pid: server.child.pid, inspector: await inspectorUrlOf(server) };
}

/**
 * `GET /api/events` of the real server (`server/index.ts` in a child process, SQLite) against a
 * bare node:http SSE server, the load from this process. Memory first, on the fresh servers: each
 * holds 2,000 streams that read nothing (the app's of 250 businesses, 8 streams each). Then one
 * business's 500 streams (its owner and 62 team members, 8 streams each: a user may hold 8)
 * against 500 streams of the bare server; the couple posts messages one after another and each
 * message's event must reach all 500 streams before the next.
 */
export async function benchLiveUpdates(): Promise<LiveUpdatesResult> {
  const app = await startTestModeServer({
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    RATE_LIMIT_PER_IP: '100000',
    TRUST_PROXY: 'loopback',
    // One business's 500 streams and 2,000 from this one address: the limits that stop a flood would refuse the load itself.
    LIVE_STREAMS_PER_BUSINESS: '1000',
    LIVE_STREAMS_PER_ADDRESS: '10000',
  });
  const bare = await startBareServer();
  const open: { close(): void }[] = [];
  try {
    const seeding = performance.now();
    const members = Math.ceil(LIVE_STREAMS / PER_USER) - 1;
    const business = await aQuotedBusinessWithTeam(app.url, members);
    const solo = await registeredBusinesses(app.url, Math.ceil(MEMORY_STREAMS / PER_USER));
    const seedSeconds = (performance.now() - seeding) / 1000;

    const bearerOf = (people: Person[], i: number) => ({ Authorization: `Bearer ${people[Math.floor(i / PER_USER)]?.accessToken ?? ''}` });
    const quiet = streamAgent();
    open.push({ close: () => quiet.destroy() });
    const appMemory = await memoryOf(app.pid, app.inspector, (i) => openStream(`${app.url}/api/events`, bearerOf(solo, i), quiet));
    const bareMemory = await memoryOf(bare.pid, bare.inspector, () => openStream(`${bare.url}/events`, {}, quiet));

    const posts = new Agent({ keepAlive: true, maxSockets: 1 });
    open.push({ close: () => posts.destroy() });
    const messagesUrl = `${app.url}/api/public/requests/${business.couple.token}/quotes/${business.couple.quoteId}/messages`;
    const appStreams = await holdStreams(
      {
        streamUrl: `${app.url}/api/events`,
        streamHeaders: (i) => bearerOf(business.people, i),
        post: (n) => postMessage(messagesUrl, n, { 'X-Forwarded-For': `10.22.${Math.floor(n / POSTS_PER_ADDRESS)}.1` }, posts),
      },
      LIVE_STREAMS,
    );
    open.push(appStreams);
    const bareStreams = await holdStreams(
      { streamUrl: `${bare.url}/events`, streamHeaders: () => ({}), post: (n) => postMessage(`${bare.url}/messages`, n, {}, posts) },
      LIVE_STREAMS,
    );
    open.push(bareStreams);

    await appStreams.measure(WARM_UP_POSTS);
    await bareStreams.measure(WARM_UP_POSTS);
    const appSamples: Samples = { last: [], all: [], answered: [] };
    const bareSamples: Samples = { last: [], all: [], answered: [] };
    const take = async (streams: typeof appStreams, into: Samples) => {
      const got = await streams.measure(LIVE_POSTS / ROUNDS);
      into.last.push(...got.last);
      into.all.push(...got.all);
      into.answered.push(...got.answered);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate the order so neither side always runs on a warmer machine.
      if (round % 2 === 0) {
        await take(appStreams, appSamples);
        await take(bareStreams, bareSamples);
      } else {
        await take(bareStreams, bareSamples);
        await take(appStreams, appSamples);
      }
    }
    return {
      app: { delivery: statsOf(appSamples), memory: appMemory, team: business.people.length, others: solo.length, perUser: PER_USER },
      bare: { delivery: statsOf(bareSamples), memory: bareMemory },
      seedSeconds,
    };
  } finally {
    for (const held of open.reverse()) held.close();
    await Promise.all([app.stop(), bare.server.stop()]);
  }
}
