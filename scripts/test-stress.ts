import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * `npm run test:stress [-- <command and arguments>]`: runs a part of the suite (default: the
 * whole `npm test`) with CPU-burning processes beside it, two by default (`STRESS_BURNERS`), so a
 * test that only fails on a busy machine can be reproduced on demand. Exits with the command's code.
 *
 *   npm run test:stress -- npx vitest run tests/client/billing/guard-rerun.test.tsx
 *   npm run test:stress -- npx playwright test tests/e2e/blackout-dates.spec.ts --repeat-each=5 --retries=0
 */
const burners = Number(process.env.STRESS_BURNERS ?? 2);
const [command = 'npm', ...args] = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['npm', 'test'];

if (!Number.isInteger(burners) || burners < 0 || burners > 64) {
  console.error(`STRESS_BURNERS must be a whole number from 0 to 64 (got ${process.env.STRESS_BURNERS ?? ''}).`);
  process.exit(2);
}

/**
 * One burner: a loop that keeps a CPU busy until this script stops it, or until this script is gone.
 * A SIGKILL gives the script no chance to stop its burners, and they burned on for 40 minutes
 * after one; so each burner compares its parent's id with this script's (its argument) every four
 * million turns (a few milliseconds) and leaves once they differ, as they do when the kernel hands
 * the orphan to init or a subreaper. The id comes as an argument, not from the burner's own first
 * reading: a script killed while the burner was still starting would be read as init, and the
 * burner would never leave. (scripts/watch-parent.ts polls with a timer, which a busy loop never
 * lets run.)
 */
const BURNER_SOURCE =
  'const parent = Number(process.argv[1]); for (let turn = 1; ; turn += 1) if (turn % 4e6 === 0 && process.ppid !== parent) process.exit(0);';

const burning: ChildProcess[] = [];
for (let i = 0; i < burners; i += 1) {
  burning.push(spawn(process.execPath, ['-e', BURNER_SOURCE, String(process.pid)], { stdio: 'ignore' }));
}
const stopBurners = () => {
  for (const burner of burning) burner.kill('SIGKILL');
};
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
}

console.log(`Running \`${[command, ...args].join(' ')}\` beside ${burners} CPU-burning processes (this machine has ${availableParallelism()} CPUs).`);
const run = spawn(command, args, { stdio: 'inherit' });
run.on('exit', (code, signal) => {
  stopBurners();
  process.exit(code ?? (signal ? 1 : 0));
});
