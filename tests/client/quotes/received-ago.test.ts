import { describe, expect, it } from 'vitest';
import { receivedAgo } from '../../../client/src/features/quotes/received-ago';

const now = Date.UTC(2027, 5, 12, 15, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('receivedAgo', () => {
  it('when less than a minute has passed, or the time is ahead of the browser, then it reads "just now"', () => {
    expect(receivedAgo(now - 20_000, now)).toBe('just now');
    expect(receivedAgo(now + 5 * DAY, now)).toBe('just now');
  });

  it('when minutes, hours, days, weeks, months or years have passed, then it counts the largest whole unit', () => {
    expect(receivedAgo(now - MINUTE, now)).toBe('1 minute ago');
    expect(receivedAgo(now - 59 * MINUTE, now)).toBe('59 minutes ago');
    expect(receivedAgo(now - 3 * HOUR - 10 * MINUTE, now)).toBe('3 hours ago');
    expect(receivedAgo(now - DAY, now)).toBe('yesterday');
    expect(receivedAgo(now - 4 * DAY, now)).toBe('4 days ago');
    expect(receivedAgo(now - 15 * DAY, now)).toBe('2 weeks ago');
    expect(receivedAgo(now - 95 * DAY, now)).toBe('3 months ago');
    expect(receivedAgo(now - 800 * DAY, now)).toBe('2 years ago');
  });
});
