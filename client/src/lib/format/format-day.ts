const long = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A calendar day `YYYY-MM-DD` as people read it ("Sat, Jun 12, 2027"). The day is read in UTC
 * so it is the same day in every time zone; a value that is no date is shown as it is.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : long.format(date);
}
