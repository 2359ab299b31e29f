const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A moment (epoch ms on the server's clock) as the day it falls on here: "Jun 12, 2027". */
export function formatDate(ms: number): string {
  return day.format(new Date(ms));
}

/** A billing period [start, end) as "Jun 1, 2027 to Jul 1, 2027". */
export function formatPeriod(start: number, end: number): string {
  return `${formatDate(start)} to ${formatDate(end)}`;
}
