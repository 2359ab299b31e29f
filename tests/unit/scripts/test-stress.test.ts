import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../support/wait-until';

/**
 * `npm run test:stress` (scripts/test-stress.ts), run for real: its burners are found through
 * /proc by their parent's id, so this runs where /proc is (Linux, as on CI).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const started: ChildProcess[] = [];
/** Burners seen, killed after each test, so that a failing test leaves none burning. */
const seen: number[] = [];

/**
 * The command under stress: it inherits the script's stdin (a pipe held here) and exits with 3
 * once that pipe ends, so a test decides when it ends, and none outlives the test.
 */
const COMMAND_SOURCE = "process.stdin.resume(); process.stdin.on('end', () => process.exit(3));";

afterEach(() => {
  for (const child of started.splice(0)) {
    child.stdin?.end();
    child.kill('SIGKILL');
  }
  for (const pid of seen.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** `node --import tsx scripts/test-stress.ts <command>`, so that the returned pid is the script's own. */
function runStress(): ChildProcess {
  const script = spawn(process.execPath, ['--import', 'tsx', 'scripts/test-stress.ts', process.execPath, '-e', COMMAND_SOURCE], {
    cwd: root,
    // Without tsx's cache, the script always has esbuild as a child beside its burners and the command.
    env: { ...process.env, STRESS_BURNERS: '2', TSX_DISABLE_CACHE: '1' },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  started.push(script);
  return script;
}

/** A process's state letter and parent id, from /proc/<pid>/stat; undefined once it is reaped. */
function stat(pid: number): { state: string; parent: number } | undefined {
  try {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', parent = ''] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

/**
 * The ids of the burners running as children of `parent`: a burner is given the script's pid as
 * its last argument. Not "its children other than the command": tsx runs esbuild as a child of the
 * script when its transforms are not cached (a third child, which failed this test on a fresh clone).
 */
function burnersOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      if (stat(pid)?.parent !== parent) return false;
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return args[1] === '-e' && args.at(-1) === String(parent);
      } catch {
        return false;
      }
    });
}

/** Ended: reaped, or a zombie whose new parent (init in a container may not reap) has not yet. */
function ended(pid: number): boolean {
  const now = stat(pid);
  return now === undefined || now.state === 'Z';
}

/** Waits until the script's two burners run (STRESS_BURNERS=2), and keeps them for the cleanup. */
async function itsTwoBurners(script: ChildProcess): Promise<number[]> {
  const burners = await waitUntil(() => {
    const found = burnersOf(script.pid!);
    expect(found).toHaveLength(2);
    return found;
  });
  seen.push(...burners);
  return burners;
}

/** Waits until every one of `pids` has ended. */
function allEnded(pids: number[]): Promise<void> {
  return waitUntil(() => expect(pids.filter((pid) => !ended(pid))).toEqual([]));
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe.runIf(process.platform === 'linux')('npm run test:stress', () => {
  it('when the script is killed with SIGKILL, which it cannot catch, then its burners end by themselves', async () => {
    const script = runStress();
    const burners = await itsTwoBurners(script);

    const gone = exitCode(script);
    script.kill('SIGKILL');
    await gone;
    script.stdin!.end();

    await allEnded(burners);
  });

  it('when the command exits, then the script stops its burners and exits with the command’s code', async () => {
    const script = runStress();
    const burners = await itsTwoBurners(script);

    const exit = exitCode(script);
    script.stdin!.end();

    expect(await exit).toBe(3);
    await allEnded(burners);
  });
});
