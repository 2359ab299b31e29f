import { describe, expect, it } from 'vitest';
import { formatResponseMinutes, formatResponseRate } from '../../client/src/lib/format/response-time-text';

describe('formatResponseMinutes', () => {
  it('when the wait is under a minute or under an hour, then it reads in minutes', () => {
    expect(formatResponseMinutes(0)).toBe('under a minute');
    expect(formatResponseMinutes(1)).toBe('1 min');
    expect(formatResponseMinutes(59)).toBe('59 min');
  });

  it('when the wait is hours, then hours and the minutes left (none when whole)', () => {
    expect(formatResponseMinutes(60)).toBe('1 h');
    expect(formatResponseMinutes(130)).toBe('2 h 10 min');
    expect(formatResponseMinutes(24 * 60 - 1)).toBe('23 h 59 min');
  });

  it('when the wait is a day or more, then days and the hours left', () => {
    expect(formatResponseMinutes(24 * 60)).toBe('1 day');
    expect(formatResponseMinutes(28 * 60 + 30)).toBe('1 day 4 h');
    expect(formatResponseMinutes(72 * 60)).toBe('3 days');
  });
});

describe('formatResponseRate', () => {
  it('when a share is given, then it reads as a whole percentage', () => {
    expect(formatResponseRate(0)).toBe('0%');
    expect(formatResponseRate(0.8)).toBe('80%');
    expect(formatResponseRate(2 / 3)).toBe('67%');
    expect(formatResponseRate(1)).toBe('100%');
  });
});
