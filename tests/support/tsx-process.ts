import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: where `npx tsx` runs scripts from. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TypeScript script running in a process group of its own. */
export interface TsxProcess {
  child: ChildProcess;
  /** What it wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** Resolves when it exits, with its exit code or signal. */
  exited: Promise<number | string | null>;
  /** Resolves with the first match of `pattern` in its stdout (spawned with stdout 'pipe'); rejects if it exits first or after `timeoutMs`. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Ends the whole group (npx, tsx and the script) and waits for it; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Runs `npx tsx <script>` in its own process group (detached), so that stop() ends the script
 * itself and not only the npx launcher in front of it: a script left behind keeps its port, and
 * the pipes it holds keep the calling process from exiting. stdout is piped for the caller to
 * read when asked for, else ignored; stderr is collected.
 */
export function spawnTsx(script: string, options: { env?: NodeJS.ProcessEnv; stdout?: 'pipe' | 'ignore' } = {}): TsxProcess {
  const child = spawn('npx', ['tsx', script], {
    cwd: REPO_ROOT,
    detached: true,
    env: options.env ?? process.env,
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return {
    child,
    stderr: () => stderr,
    exited,
    waitForStdout(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`${script} printed no ${pattern} within ${timeoutMs / 1000} s`)), timeoutMs);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = pattern.exec(output);
          if (!match) return;
          clearTimeout(timer);
          // Keep draining, so a chatty script never blocks on a full pipe, but stop collecting.
          child.stdout?.off('data', onData);
          child.stdout?.resume();
          resolve(match);
        };
        child.stdout?.on('data', onData);
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${script} exited with ${code}:\n${stderr.slice(-2000)}`));
        });
      });
    },
    async stop() {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
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
