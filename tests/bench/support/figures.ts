import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../support/tsx-process';

/** Where `npm run bench -- --write` keeps the current figures: one table, written by the bench only. */
export const BENCHMARKS_DOC = path.join(REPO_ROOT, 'docs', 'benchmarks.md');

/** What a figure must stay within: at least, or at most, a ratio. */
export type Target = { atLeast: number } | { atMost: number };

/** One measured figure: a row of docs/benchmarks.md. */
export interface Figure {
  /** The `npm run bench -- <part>` that measures it. */
  part: string;
  /** What is measured, as the row names it (unique within its part). */
  name: string;
  /** The ratio the target applies to, or the figure itself when it has no target. */
  value: number;
  /** How the value is written: a ratio to two places unless the figure says otherwise. */
  shown: string;
  /** The raw figures the ratio comes from, beside it. */
  detail: string;
  target: Target | null;
  verdict: 'PASS' | 'FAIL' | '';
}

const measured: Figure[] = [];

/** Whether `value` is within `target` (no target: nothing to pass). */
export function verdictOf(value: number, target: Target | null): Figure['verdict'] {
  if (!target) return '';
  return 'atLeast' in target ? (value >= target.atLeast ? 'PASS' : 'FAIL') : value <= target.atMost ? 'PASS' : 'FAIL';
}

export const targetText = (target: Target | null): string =>
  !target ? '—' : 'atLeast' in target ? `≥ ${target.atLeast.toFixed(2)}` : `≤ ${target.atMost.toFixed(2)}`;

/**
 * Records a figure of this run and answers its verdict (PASS, FAIL, or '' without a target); a
 * FAIL makes the run exit non-zero.
 */
export function recordFigure(part: string, name: string, value: number, target: Target | null, detail = '', shown = value.toFixed(2)): Figure['verdict'] {
  const verdict = verdictOf(value, target);
  measured.push({ part, name, value, shown, detail, target, verdict });
  if (verdict === 'FAIL') process.exitCode = 1;
  return verdict;
}

/** The figures recorded so far in this run. */
export function recordedFigures(): readonly Figure[] {
  return measured;
}

const HEADER = `| part | figure | target | last measured | verdict | from |
| --- | --- | --- | --- | --- | --- |`;

/** A table cell: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

interface Row {
  part: string;
  name: string;
  line: string;
}

/** The rows of the table in `text` (its first column is the part, its second the figure). */
export function rowsOf(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    const match = /^\| `([^`]+)` \| (.+?) \| /.exec(line);
    if (match?.[1] && match[2]) rows.push({ part: match[1], name: match[2], line });
  }
  return rows;
}

/** The machine a run measured on, as the table's rows from it say. */
function machine(): string {
  const cores = cpus();
  const [load] = loadavg();
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load ${(load ?? 0).toFixed(1)} at the end`;
}

/**
 * docs/benchmarks.md with this run's figures: a part measured now replaces all its rows, the
 * others stay as they were last measured. Parts keep the order of `partOrder`.
 */
export function benchmarksDoc(previous: string, figures: readonly Figure[], partOrder: readonly string[], machineText = machine()): string {
  const measuredParts = new Set(figures.map((figure) => figure.part));
  const kept = rowsOf(previous).filter((row) => !measuredParts.has(row.part));
  const fresh: Row[] = figures.map((figure) => ({
    part: figure.part,
    name: figure.name,
    line: `| \`${figure.part}\` | ${cell(figure.name)} | ${targetText(figure.target)} | ${cell(figure.detail ? `${figure.shown} (${figure.detail})` : figure.shown)} | ${figure.verdict || '—'} | ${cell(machineText)} |`,
  }));
  const rank = (part: string) => {
    const at = partOrder.indexOf(part);
    return at < 0 ? partOrder.length : at;
  };
  const rows = [...kept, ...fresh].sort((a, b) => rank(a.part) - rank(b.part));
  return `# Benchmarks

<!-- Written by \`npm run bench -- --write\` (tests/bench/support/figures.ts): do not edit by hand. -->

The current figures of \`npm run bench\` (not part of \`npm test\`). Each is a ratio to a baseline
measured in the same run, so figures from different machines compare; the last column says which
machine and how busy it was. \`npm run bench -- <part> --write\` measures one part and replaces its
rows; what each part does is described at the top of \`tests/bench/run.ts\`. How a figure moved
over time is in git's history of this file.

${HEADER}
${rows.map((row) => row.line).join('\n')}
`;
}

/** Writes docs/benchmarks.md with this run's figures (`--write`). */
export function writeBenchmarksDoc(partOrder: readonly string[]): void {
  const previous = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : '';
  writeFileSync(BENCHMARKS_DOC, benchmarksDoc(previous, measured, partOrder));
  console.log(`\nWrote ${path.relative(REPO_ROOT, BENCHMARKS_DOC)} (${String(measured.length)} figures of this run).`);
}
