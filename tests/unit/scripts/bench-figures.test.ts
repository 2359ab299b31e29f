import { describe, expect, it } from 'vitest';
import { benchmarksDoc, rowsOf, verdictOf, type Figure } from '../../bench/support/figures';

const figure = (part: string, name: string, value: number, target: Figure['target']): Figure => ({
  part,
  name,
  value,
  shown: value.toFixed(2),
  detail: '',
  target,
  verdict: verdictOf(value, target),
});

describe('docs/benchmarks.md as the bench writes it', () => {
  it('when a value is measured against a target, then at least and at most judge it, and no target judges nothing', () => {
    expect([verdictOf(0.8, { atLeast: 0.8 }), verdictOf(0.79, { atLeast: 0.8 }), verdictOf(1, { atMost: 1 }), verdictOf(1.01, { atMost: 1 })]).toEqual([
      'PASS',
      'FAIL',
      'PASS',
      'FAIL',
    ]);
    expect(verdictOf(7, null)).toBe('');
  });

  it('when one part is measured again, then its rows are replaced, the other parts keep theirs, and the parts stay in their order', () => {
    const order = ['config', 'live', 'mixed'];
    const first = benchmarksDoc(
      '',
      [figure('live', 'p99 ratio', 1.4, { atMost: 2 }), figure('config', 'throughput', 0.75, { atLeast: 0.8 })],
      order,
      'machine A',
    );
    expect(rowsOf(first).map((row) => [row.part, row.name])).toEqual([
      ['config', 'throughput'],
      ['live', 'p99 ratio'],
    ]);
    expect(first).toContain('| `config` | throughput | ≥ 0.80 | 0.75 | FAIL | machine A |');

    const second = benchmarksDoc(
      first,
      [figure('config', 'throughput', 0.83, { atLeast: 0.8 }), figure('mixed', 'slowest call', 3.2, null)],
      order,
      'machine B',
    );
    const rows = rowsOf(second);
    expect(rows.map((row) => row.part)).toEqual(['config', 'live', 'mixed']);
    expect(rows[0]?.line).toBe('| `config` | throughput | ≥ 0.80 | 0.83 | PASS | machine B |');
    expect(rows[1]?.line).toBe('| `live` | p99 ratio | ≤ 2.00 | 1.40 | PASS | machine A |');
    expect(rows[2]?.line).toBe('| `mixed` | slowest call | — | 3.20 | — | machine B |');
  });
});
