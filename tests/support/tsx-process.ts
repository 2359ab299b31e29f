import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
  /** Ends the whole group (npx, tsx and the script, and any of them left behind by a leader that exited) and waits for the leader; safe to call twice. */
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
 * Runs `npx tsx <script>` (or `node --import tsx <script>`) in its own process group (detached), so
 * that stop() ends the script itself and not only the npx launcher in front of it: a script left
 * behind keeps its port, and the pipes it holds keep the calling process from exiting. stdout is
 * piped for the caller to read when asked for, else ignored; stderr is collected.
 */
export function spawnTsx(script: string, options: SpawnTsxOptions = {}): TsxProcess {
  const [command, args] = options.launcher === 'node' ? [process.execPath, ['--import', 'tsx', script]] : ['npx', ['tsx', script]];
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
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // The group is already gone.
        }
      }
      await exited;
    },
  };
}
