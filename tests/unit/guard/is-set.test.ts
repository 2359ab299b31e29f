import { describe, expect, it } from 'vitest';
import { isSet } from '../../../shared/guard/is-set';

describe('isSet', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['false', false],
    ['0', 0],
    ['NaN', Number.NaN],
    ['an empty string', ''],
    ['an empty array', []],
  ])('when the value is %s, then it does not count as set', (_label, value) => {
    expect(isSet(value)).toBe(false);
  });

  it.each([
    ['true', true],
    ['a positive number', 120],
    ['a decimal', 0.5],
    ['a string', 'yes'],
    ['a non-empty array', [1]],
    ['an object', {}],
  ])('when the value is %s, then it counts as set', (_label, value) => {
    expect(isSet(value)).toBe(true);
  });
});
