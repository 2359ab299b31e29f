import { addDays } from '../../../../shared/marketplace/calendar-days';

/** How far ahead vendors quote (the server's rule: from tomorrow to two years ahead). */
const MAX_DAYS_AHEAD = 730;

/** Today on this device's calendar, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first and last day an event may be on, seen from `today`: tomorrow, and two years ahead. */
export function eventDateBounds(today: string): { min: string; max: string } {
  return { min: addDays(today, 1), max: addDays(today, MAX_DAYS_AHEAD) };
}
