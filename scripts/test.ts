import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm test`: type check and lint (at once), the unit/client/API suites (vitest), a client build,
 * and the browser suite (Playwright). Prints each suite's counts and minutes and, last, the totals
 * on one line. `TEST_SUITES=node`: only what depends on the version of Node it runs on (the unit
 * and API projects: the server, its native modules, processes, crypto and streams), which is what
 * .ci/run's second Node runs; the rest runs the same on any Node.
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const out = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
const suites: { name: string; counts: Counts; seconds: number }[] = [];
/** How long the last step took, in seconds: each suite's is printed in the summary (a slow CI run is read from it). */
let lastStepSeconds = 0;

function step(name: string, command: string, args: string[], env: Record<string, string> = {}, log?: string): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const startedAt = performance.now();
  // With a log, the output is also kept (through tee, so it still streams) for the summary below.
  const result = log
    ? spawnSync('bash', ['-c', 'set -o pipefail; "$@" 2>&1 | tee "$LOG"', 'step', command, ...args], {
        stdio: 'inherit',
        env: { ...process.env, ...env, LOG: log },
      })
    : spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  lastStepSeconds = (performance.now() - startedAt) / 1000;
  return result.status === 0;
}

// eslint-disable-next-line no-control-regex
const ANSI_COLOURS = /\x1b\[[0-9;]*m/g;

/**
 * Vitest's own account of what failed (its "Failed Tests" and "Unhandled Errors" sections, colours
 * taken out), cut short: printed again beside the totals, since a run that passed every test can
 * still fail on an error thrown between them, and a long log is often read from its end only.
 */
function vitestFailures(log: string, maxLines = 80): string | null {
  if (!existsSync(log)) return null;
  const lines = readFileSync(log, 'utf8').replace(ANSI_COLOURS, '').split('\n');
  const start = lines.findIndex((line) => /^⎯+ (Failed Tests|Unhandled Errors?|Failed Suites)/.test(line));
  if (start < 0) return null;
  const excerpt = lines.slice(start, start + maxLines);
  return excerpt.join('\n') + (lines.length - start > maxLines ? `\n… (the rest is in the vitest output above)` : '');
}

/**
 * Runs checks at once, each a process of its own (the type check and the linters are single
 * threads: on two cores, side by side they take the longest one's time, not their sum). Each one's
 * output is kept and printed whole when it ends, so they do not interleave. Resolves with whether each passed.
 */
async function atOnce(checks: { name: string; command: string; args: string[] }[]): Promise<boolean[]> {
  console.log(`\n▶ ${checks.map(({ name, command, args }) => `${name}: ${command} ${args.join(' ')}`).join(' | ')}`);
  const startedAt = performance.now();
  const results = await Promise.all(
    checks.map(
      ({ name, command, args }) =>
        new Promise<boolean>((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            const text = Buffer.concat(output).toString().trimEnd();
            console.log(
              `\n▷ ${name} (${((performance.now() - startedAt) / 1000).toFixed(0)} s): ${code === 0 ? 'passed' : 'FAILED'}${text ? `\n${text}` : ''}`,
            );
            resolve(code === 0);
          });
        }),
    ),
  );
  lastStepSeconds = (performance.now() - startedAt) / 1000;
  return results;
}

function record(name: string, ok: boolean, seconds: number) {
  suites.push({ name, counts: { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 }, seconds });
}

/** What this script reads of Playwright's JSON report: the counts, and each test's outcome ("flaky": it passed on a retry). */
interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
}
interface PlaywrightReport extends PlaywrightSuite {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** The tests that failed first and passed on their retry, as `file:line title`. */
function flakyTests(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? []).filter((spec) => spec.tests.some((test) => test.status === 'flaky')).map((spec) => `${spec.file}:${spec.line} ${spec.title}`);
  return [...own, ...(suite.suites ?? []).flatMap(flakyTests)];
}

/** Tests that passed only on a retry: a retry may hide a race a vendor will meet, so the totals name them. */
const retried: string[] = [];

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const onlyNode = process.env.TEST_SUITES === 'node';
if (process.env.TEST_SUITES !== undefined && !['all', 'node'].includes(process.env.TEST_SUITES)) {
  console.error(`TEST_SUITES is "all" (the default) or "node" (got "${process.env.TEST_SUITES}").`);
  process.exit(2);
}

if (onlyNode) console.log('\n▶ type check, lint, client tests, client build and browser tests: not run (TEST_SUITES=node)');
else {
  const [typecheck, eslint, prettier] = await atOnce([
    { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'eslint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
    { name: 'prettier', command: 'npx', args: ['prettier', '--check', '.'] },
  ]);
  record('typecheck', Boolean(typecheck), lastStepSeconds);
  record('lint', Boolean(eslint && prettier), lastStepSeconds);
}

const vitestJson = path.join(out, 'vitest.json');
const vitestLog = path.join(out, 'vitest.log');
const vitestOk = step(
  'unit, client and API tests',
  'npx',
  [
    'vitest',
    'run',
    ...(onlyNode ? ['--project', 'unit*', '--project', 'api*'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ],
  {},
  vitestLog,
);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(vitestJson);
suites.push({
  name: 'vitest',
  seconds: lastStepSeconds,
  counts: vitest
    ? {
        passed: vitest.numPassedTests,
        failed: vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1),
        skipped: vitest.numPendingTests + vitest.numTodoTests,
      }
    : { passed: 0, failed: 1, skipped: 0 },
});

const built = !onlyNode && step('client build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (!onlyNode) record('build', built, lastStepSeconds);

if (built) {
  const playwrightJson = path.join(out, 'playwright.json');
  const e2eOk = step('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  const e2e = readJson<PlaywrightReport>(playwrightJson);
  if (e2e) retried.push(...flakyTests(e2e));
  suites.push({
    name: 'playwright',
    seconds: lastStepSeconds,
    counts: e2e
      ? { passed: e2e.stats.expected + e2e.stats.flaky, failed: e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1), skipped: e2e.stats.skipped }
      : { passed: 0, failed: 1, skipped: 0 },
  });
}

if (!vitestOk)
  console.log(
    `\nWhat failed in vitest:\n${vitestFailures(vitestLog) ?? 'vitest exited with an error but printed no failed test or unhandled error; see its output above.'}`,
  );

console.log('\nSuites:');
const minutes = (seconds: number) => `  (${(seconds / 60).toFixed(1)} min)`;
for (const { name, counts, seconds } of suites)
  console.log(`  ${name.padEnd(12)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${minutes(seconds)}`);
const total = suites.reduce(
  (sum, { counts }) => ({ passed: sum.passed + counts.passed, failed: sum.failed + counts.failed, skipped: sum.skipped + counts.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (retried.length > 0) console.log(`\nPassed only on a retry:\n${retried.map((name) => `  ${name}`).join('\n')}`);
const retriedNote = retried.length > 0 ? `, ${retried.length} retried (${retried.join('; ')})` : '';
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${retriedNote}`);
process.exit(total.failed > 0 ? 1 : 0);
