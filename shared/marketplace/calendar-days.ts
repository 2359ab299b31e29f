import { DAY_MS } from '../time/durations';

function epochDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The calendar day (`YYYY-MM-DD`, UTC) of a time on the server clock: "today" for every date rule. */
export function todayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(epochDay(to) - epochDay(from));
}

/** The day `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date((epochDay(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** When the day after `date` starts (UTC, epoch ms): when the lifecycle's "the day after the event" jobs run. */
export function startOfDayAfter(date: string): number {
  return (epochDay(date) + 1) * DAY_MS;
}
