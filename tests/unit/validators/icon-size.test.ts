import { describe, expect, it } from 'vitest';
import { INVALID_ICON_SIZE_MESSAGE, isValidIconSize, validateIconSize } from '../../../shared/validators/icon-size';

describe('validateIconSize', () => {
  it.each([['14'], ['2x'], [14], ['1.5'], ['1.5x'], [24]])('when the size is %j, then it is accepted', (value) => {
    expect(validateIconSize(value)).toBe(true);
    expect(isValidIconSize(value)).toBe(true);
  });

  it.each([['x2'], ['abc'], [''], ['2xx'], ['2 x'], ['14px'], ['x'], [' 14'], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'when the size is %j, then the message is returned',
    (value) => {
      expect(validateIconSize(value)).toBe(INVALID_ICON_SIZE_MESSAGE);
    },
  );

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an object', { size: 14 }],
  ])('when the value is %s, then the message is returned', (_label, value) => {
    expect(validateIconSize(value)).toBe(INVALID_ICON_SIZE_MESSAGE);
  });
});
