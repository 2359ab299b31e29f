/**
 * The end of a billing period that starts at `start` (epoch ms) and runs `months` calendar
 * months, in UTC: the same day of the month and time of day, or the month's last day when it
 * has fewer days (31 January + 1 month = 28 or 29 February, as Stripe bills).
 */
export function addMonths(start: number, months: number): number {
  const date = new Date(start);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

/** Months in one period of a plan's interval. */
export function monthsOf(interval: 'month' | 'year'): number {
  return interval === 'year' ? 12 : 1;
}
