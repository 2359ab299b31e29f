import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm test`: type check, lint, the unit/client/API suites (vitest), a client build, and the
 * browser suite (Playwright). Prints each suite's counts and, last, the totals on one line.
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const out = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
const suites: { name: string; counts: Counts }[] = [];

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(name: string, command: string, args: string[]) {
  const ok = step(name, command, args);
  suites.push({ name, counts: { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 } });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);

const vitestJson = path.join(out, 'vitest.json');
const vitestOk = step('unit, client and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(vitestJson);
suites.push({
  name: 'vitest',
  counts: vitest
    ? { passed: vitest.numPassedTests, failed: vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1), skipped: vitest.numPendingTests + vitest.numTodoTests }
    : { passed: 0, failed: 1, skipped: 0 },
});

const built = step('client build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
suites.push({ name: 'build', counts: { passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 } });

if (built) {
  const playwrightJson = path.join(out, 'playwright.json');
  const e2eOk = step('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(playwrightJson);
  suites.push({
    name: 'playwright',
    counts: e2e
      ? { passed: e2e.stats.expected + e2e.stats.flaky, failed: e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1), skipped: e2e.stats.skipped }
      : { passed: 0, failed: 1, skipped: 0 },
  });
}

console.log('\nSuites:');
for (const { name, counts } of suites) console.log(`  ${name.padEnd(12)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
const total = suites.reduce((sum, { counts }) => ({ passed: sum.passed + counts.passed, failed: sum.failed + counts.failed, skipped: sum.skipped + counts.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
