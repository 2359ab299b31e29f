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

const burning: ChildProcess[] = [];
for (let i = 0; i < burners; i += 1) {
  burning.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
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
