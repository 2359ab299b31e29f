import { describe, expect, it } from 'vitest';
import { parseNumber } from '../../../client/src/lib/forms/widgets/parse-number';

describe('parseNumber', () => {
  it.each([
    ['1200', 1200],
    ['1,200', 1200],
    ['4500.5', 4500.5],
    ['25.999', 25.999],
    ['9999', 9999],
    ['-3', -3],
    ['.5', 0.5],
    ['  42 ', 42],
    ['12,345,678.25', 12345678.25],
  ])('when %j is typed, then the field holds %j, neither clamped nor rounded', (typed, value) => {
    expect(parseNumber(typed)).toBe(value);
  });

  it.each([
    ['$4,500', 4500],
    ['$ 1,200.50', 1200.5],
    ['-$3', -3],
    ['$75', 75],
  ])('when %j is typed in a money field, then it holds %j', (typed, value) => {
    expect(parseNumber(typed, true)).toBe(value);
  });

  it.each(['fifty', '12,00', '1.2.3', '$4,500', '4 500 apples', '1e5'])(
    'when %j is typed in a number field, then the text itself is kept for the type rule to refuse',
    (typed) => {
      expect(parseNumber(typed)).toBe(typed);
    },
  );

  it('when the field is emptied, then it holds nothing', () => {
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber('   ', true)).toBeUndefined();
  });
});
