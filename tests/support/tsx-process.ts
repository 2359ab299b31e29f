import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The repository root: where `npx tsx` runs scripts from. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A process (a TypeScript script, or `npm start`) running in a process group of its own. */
export interface TsxProcess {
  child: ChildProcess;
  /** What it wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** What it wrote to stdout so far, the last megabyte of it (spawned with stdout 'pipe'). */
  stdout(): string;
  /** Resolves when it exits, with its exit code or signal. */
  exited: Promise<number | string | null>;
  /** Resolves when it has exited and every process that inherited its stdout and stderr closed them: nothing it started is left running. */
  closed: Promise<void>;
  /** Resolves with the first match of `pattern` in its stdout, printed before or after the call (spawned with stdout 'pipe'); rejects if it exits first or after `timeoutMs`. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Ends the whole group (npx, tsx and the script, and any of them left behind by a leader that exited) and waits for the leader; safe to call twice. Rejects, with what the group was doing, when the leader is still there {@link STOP_LIMIT_MS} after SIGTERM (it is then killed). */
  stop(): Promise<void>;
}

/** How {@link spawnTsx} starts the script. */
export interface SpawnTsxOptions {
  env?: NodeJS.ProcessEnv;
  stdout?: 'pipe' | 'ignore';
  /**
   * 'npx' (the default) runs `npx tsx <script>`: the script is a grandchild behind npx and the
   * tsx CLI, which relays signals to it. 'node' runs `node --import tsx <script>`: `child.pid` is
   * the script's own process, so a test can signal it alone.
   */
  launcher?: 'npx' | 'node';
}

const STDOUT_KEPT = 1_000_000;

/**
 * How long stop() waits after SIGTERM. The server's own shutdown ends within 10 s whatever it waits
 * for (DEFAULT_SHUTDOWN_TIMEOUT_MS, the same during start-up): a process still there after twice
 * that does not end by itself, and stop() fails saying what it was doing rather than letting the
 * test time out blind.
 */
const STOP_LIMIT_MS = 20_000;

/** Where a process started with `launcher: 'node'` writes its diagnostic report when sent SIGUSR2 (Node's --report-on-signal). */
const REPORT_DIR = path.join(tmpdir(), 'vowly-process-reports');

/**
 * What Node's diagnostic report of `pid` says keeps it running: its JavaScript stack, and the
 * handles on its event loop (timers with when they fire, sockets, signals, workers) with whether
 * each keeps the loop alive. Null when it wrote none (not started with the report flags, or its
 * JavaScript never ran again to write it).
 */
async function nodeReport(pid: string): Promise<string | null> {
  const written = async () => (await readdir(REPORT_DIR).catch(() => [] as string[])).filter((name) => name.includes(`.${pid}.`));
  const before = new Set(await written());
  try {
    process.kill(Number(pid), 'SIGUSR2');
  } catch {
    return null;
  }
  for (let waited = 0; waited < 5_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const file = (await written()).find((name) => !before.has(name));
    if (!file) continue;
    const report = JSON.parse(await readFile(path.join(REPORT_DIR, file), 'utf8')) as {
      javascriptStack?: { message?: string; stack?: string[] };
      libuv?: Record<string, unknown>[];
      workers?: unknown[];
    };
    const handles = (report.libuv ?? []).map((handle) => JSON.stringify(handle)).join('\n');
    return `JavaScript: ${report.javascriptStack?.message ?? ''}\n${(report.javascriptStack?.stack ?? []).slice(0, 15).join('\n')}\nlibuv handles:\n${handles}\nworkers: ${(report.workers ?? []).length}`;
  }
  return null;
}

/** The native stacks of `pid`'s threads (gdb, where the machine has it): the main thread first, the idle libuv pool threads left out. */
async function nativeStacks(pid: string): Promise<string> {
  const gdb = await promisify(execFile)('gdb', ['-p', pid, '-batch', '-ex', 'thread apply all bt 16'], { timeout: 30_000, maxBuffer: 4_000_000 }).catch(
    (error: Error) => ({ stdout: `(no stacks: ${error.message.split('\n')[0] ?? ''})` }),
  );
  const threads = gdb.stdout
    .split(/\n(?=Thread \d+ )/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => /^(Thread|#)/.test(line))
        .join('\n'),
    )
    .filter((block) => block.startsWith('Thread') && !/threadpool\.c/.test(block));
  const main = threads.filter((block) => block.startsWith('Thread 1 '));
  return [...main, ...threads.filter((block) => !main.includes(block))].join('\n').slice(0, 8_000) || gdb.stdout.slice(0, 500);
}

/** Each process of group `pgid` that is still there: its state and where the kernel has it waiting, what its event loop holds, and its threads' native stacks. */
async function describeGroup(pgid: number): Promise<string> {
  const { stdout: table } = await promisify(execFile)('ps', ['-eo', 'pid,pgid,stat,wchan:32,etime,args']).catch(() => ({ stdout: '' }));
  const rows = table.split('\n').filter((line) => line.trim().split(/\s+/)[1] === String(pgid));
  const described = await Promise.all(
    rows.map(async (row) => {
      const pid = row.trim().split(/\s+/)[0] ?? '';
      const report = await nodeReport(pid);
      return `--- ${pid}\n${report ?? '(no diagnostic report)'}\n${await nativeStacks(pid)}`;
    }),
  );
  return `${rows.join('\n')}\n${described.join('\n')}`;
}

/**
 * Runs `npx tsx <script>` (or `node --import tsx <script>`) in its own process group (detached), so
 * that stop() ends the script itself and not only the npx launcher in front of it: a script left
 * behind keeps its port, and the pipes it holds keep the calling process from exiting. stdout is
 * piped for the caller to read when asked for, else ignored; stderr is collected.
 */
export function spawnTsx(script: string, options: SpawnTsxOptions = {}): TsxProcess {
  if (options.launcher === 'node') mkdirSync(REPORT_DIR, { recursive: true });
  const [command, args] =
    options.launcher === 'node'
      ? [process.execPath, ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${REPORT_DIR}`, '--import', 'tsx', script]]
      : ['npx', ['tsx', script]];
  return spawnProcessGroup(command, args, { env: options.env, stdout: options.stdout, name: script });
}

/** Runs any command (`npm start`, say) the way {@link spawnTsx} runs a script: own process group, stderr collected, stdout piped or ignored. */
export function spawnProcessGroup(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdout?: 'pipe' | 'ignore'; name?: string } = {},
): TsxProcess {
  const name = options.name ?? [command, ...args].join(' ');
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: true,
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Collected from the start, so that a line printed before anyone waited for it is still found.
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.length > STDOUT_KEPT) stdout = stdout.slice(-STDOUT_KEPT);
  });
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
    closed,
    waitForStdout(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const onData = () => {
          const match = pattern.exec(stdout);
          if (!match) return;
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          resolve(match);
        };
        const timer = setTimeout(() => {
          child.stdout?.off('data', onData);
          reject(new Error(`${name} printed no ${pattern} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        child.stdout?.on('data', onData);
        onData();
        void exited.then((code) => {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          reject(new Error(`${name} exited with ${code}:\n${stderr.slice(-2000)}`));
        });
      });
    },
    async stop() {
      // The whole group even when its leader has exited: what it left behind is what must not survive.
      const pgid = child.pid;
      if (pgid === undefined) return;
      try {
        process.kill(-pgid, 'SIGTERM');
      } catch {
        // The group is already gone.
      }
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), STOP_LIMIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!late) return;
      const state = await describeGroup(pgid);
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
      await exited;
      throw new Error(
        `${name} was still running ${STOP_LIMIT_MS / 1000} s after SIGTERM:\n${state}\nstdout (the end):\n${stdout.slice(-3_000)}\nstderr:\n${stderr.slice(-3_000)}`,
      );
    },
  };
}
