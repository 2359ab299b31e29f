import { Agent, request as httpRequest } from 'node:http';

/** One HTTP call of a workload: what to send, built anew each time it is picked. */
export interface MixCall {
  name: string;
  /** How many times it comes in a round of the mix (0: never in the mix, only alone). */
  weight: number;
  /**
   * The request `worker` sends the `n`th time it picks this call; null when it has nothing left
   * to send (a pool of quotes to answer that ran dry): the worker then moves on to the next call.
   */
  next(worker: number, n: number): MixRequest | null;
}

export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON, sent with `content-type: application/json`. */
  body?: unknown;
}

/** One call's figures over a run. */
export interface CallFigures {
  name: string;
  count: number;
  /** Answered calls a second over the run's wall time. */
  rps: number;
  p50: number;
  p99: number;
  /** Times the call was picked but had nothing to send. */
  skipped: number;
}

export interface MixOptions {
  connections: number;
  seconds: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** The calls' names in the order a worker takes them: each as often as its weight, spread out (largest remainder). */
function schedule(calls: readonly MixCall[]): MixCall[] {
  const total = calls.reduce((sum, call) => sum + call.weight, 0);
  const taken = new Map<MixCall, number>(calls.map((call) => [call, 0]));
  const out: MixCall[] = [];
  for (let slot = 1; slot <= total; slot += 1) {
    let best: MixCall | undefined;
    let bestLag = -Infinity;
    for (const call of calls) {
      const lag = (call.weight * slot) / total - (taken.get(call) ?? 0);
      if (call.weight > 0 && lag > bestLag) [best, bestLag] = [call, lag];
    }
    if (!best) break;
    taken.set(best, (taken.get(best) ?? 0) + 1);
    out.push(best);
  }
  return out;
}

/** Sends one call; resolves with its status, and its body when not 2xx (for the error). */
function send(agent: Agent, base: URL, call: MixRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path: call.path,
        method: call.method,
        agent,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }), ...call.headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (status < 200 || status >= 300) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, text: Buffer.concat(chunks).toString('utf8').slice(0, 500) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs `calls` against `baseUrl` from `connections` workers on keep-alive connections for
 * `seconds`, each worker going round the mix (each starting at another place in it), one call
 * after another. Every call's latency is from sending it to the end of its answer. Throws on the
 * first answer that is not 2xx, with its call's name.
 */
export async function runMix(baseUrl: string, calls: readonly MixCall[], options: MixOptions): Promise<{ seconds: number; calls: CallFigures[] }> {
  const base = new URL(baseUrl);
  const order = schedule(calls);
  if (order.length === 0) throw new Error('a mix needs a call of weight > 0');
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const times = new Map<MixCall, number[]>(calls.map((call) => [call, []]));
  const skipped = new Map<MixCall, number>(calls.map((call) => [call, 0]));
  const picked = new Map<MixCall, number>(calls.map((call) => [call, 0]));
  const started = performance.now();
  const end = started + options.seconds * 1000;
  let failure: Error | null = null;
  const worker = async (index: number) => {
    let step = Math.floor((index * order.length) / options.connections);
    let idle = 0;
    // A worker that went round the whole mix without sending anything has no work left.
    while (performance.now() < end && !failure && idle < order.length) {
      const call = order[step % order.length] as MixCall;
      step += 1;
      const n = picked.get(call) ?? 0;
      picked.set(call, n + 1);
      const req = call.next(index, n);
      if (!req) {
        skipped.set(call, (skipped.get(call) ?? 0) + 1);
        idle += 1;
        continue;
      }
      idle = 0;
      const sent = performance.now();
      const { status, text } = await send(agent, base, req);
      if (status < 200 || status >= 300) {
        failure ??= new Error(`${call.name}: ${req.method} ${req.path} answered ${status}: ${text}`);
        return;
      }
      times.get(call)?.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => worker(index)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  if (failure) throw failure;
  return {
    seconds,
    calls: calls.map((call) => {
      const sorted = [...(times.get(call) ?? [])].sort((a, b) => a - b);
      return {
        name: call.name,
        count: sorted.length,
        rps: sorted.length / seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        skipped: skipped.get(call) ?? 0,
      };
    }),
  };
}
