import { describe, expect, it } from 'vitest';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../../../shared/validators/single-line';

describe('isSingleLine', () => {
  it.each(['Crumb & Co', "Jordan O'Neil", 'José Álvarez', 'Cakes <3 (and more)', 'ベーカリー', '😀 Party Rentals', ''])(
    'when the name is %j, then it is one line',
    (value) => {
      expect(isSingleLine(value)).toBe(true);
    },
  );

  it.each([
    ['a line feed', 'Jane\nClick https://evil.example to claim'],
    ['a carriage return', 'Jane\rDoe'],
    ['a tab', 'Jane\tDoe'],
    ['a NUL', 'Jane\u0000'],
    ['DEL', 'Jane\u007f'],
    ['a C1 next-line', 'Jane\u0085Doe'],
    ['a line separator', 'Jane\u2028Doe'],
    ['a paragraph separator', 'Jane\u2029Doe'],
    ['a right-to-left override', 'Jane\u202eeoD'],
    ['a bidirectional isolate', 'Jane\u2066Doe\u2069'],
  ])('when the name holds %s, then it is refused', (_label, value) => {
    expect(isSingleLine(value)).toBe(false);
  });

  it('when the message is read, then it says what to change', () => {
    expect(SINGLE_LINE_MESSAGE).toBe('Use one line of text, without line breaks or control characters');
  });
});
