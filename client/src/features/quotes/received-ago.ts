const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const steps: [limit: number, unit: Intl.RelativeTimeFormatUnit, size: number][] = [
  [HOUR, 'minute', MINUTE],
  [DAY, 'hour', HOUR],
  [7 * DAY, 'day', DAY],
  [30 * DAY, 'week', 7 * DAY],
  [365 * DAY, 'month', 30 * DAY],
  [Infinity, 'year', 365 * DAY],
];

/**
 * How long ago `at` was at `now` (epoch ms), as people say it: "just now", "5 minutes ago",
 * "yesterday", "3 weeks ago". A time after `now` (the server's clock ahead of the browser's)
 * reads "just now".
 */
export function receivedAgo(at: number, now: number): string {
  const elapsed = now - at;
  if (elapsed < MINUTE) return 'just now';
  for (const [limit, unit, size] of steps) {
    if (elapsed < limit) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return '';
}
