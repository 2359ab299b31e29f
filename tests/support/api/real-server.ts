import { request } from 'node:http';
import { spawnTsx, type TsxProcess } from '../tsx-process';

/**
 * The real server (`node --import tsx server/index.ts`, so that `child.pid` is the server itself)
 * on a free port, for tests of the process (signals, kill -9, several instances). `env` names at
 * least DATA_DIR and CLIENT_DIR; the rest defaults to a quiet test server.
 */
export function spawnServer(env: NodeJS.ProcessEnv): TsxProcess {
  return spawnTsx('server/index.ts', {
    launcher: 'node',
    stdout: 'pipe',
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test', SEED_DEMO: 'false', WATCH_SCHEMAS: 'false', ...env },
  });
}

/** The port the server printed once it listens. */
export async function listeningPort(server: TsxProcess, timeoutMs = 60_000): Promise<number> {
  const [, port] = await server.waitForStdout(/running at http:\/\/127\.0\.0\.1:(\d+)/, timeoutMs);
  return Number(port);
}

/** What one call got: the status and body (JSON when it parses), or the network error (a reset, a refused connection). */
export type CallAnswer = { status: number; body: unknown } | { error: string };

/**
 * One HTTP call on a connection of its own (no keep-alive, so a stopping server's answer or reset
 * is this call's alone), with a JSON body when given; never rejects.
 */
export function call(port: number, method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<CallAnswer> {
  const text = body ? JSON.stringify(body) : '';
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers } : headers,
      },
      (res) => {
        let raw = '';
        res.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body: parsed(raw) }));
        res.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(text);
  });
}

function parsed(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return raw;
  }
}

/** The status of an answer, or its network error code: what a test lists when it counts answers. */
export const statusOf = (answer: CallAnswer): number | string => ('status' in answer ? answer.status : answer.error);
