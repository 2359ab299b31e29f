import type { BookedEvent } from '../../../../shared/contracts/availability';
import type { Blackout } from '../../../../shared/contracts/marketplace';
import { addDays, daysBetween } from '../../../../shared/marketplace/calendar-days';

const short = new Intl.DateTimeFormat('en', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
const medium = new Intl.DateTimeFormat('en', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const long = new Intl.DateTimeFormat('en', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** "Saturday, June 12, 2027". */
export function longDay(day: string): string {
  return long.format(dateOf(day));
}

/** "Sat, Jun 12, 2027", or "Sat, Jun 12 – Mon, Jun 14, 2027" for several days. */
export function dayRange(from: string, to: string): string {
  if (from === to) return medium.format(dateOf(from));
  const first = from.slice(0, 4) === to.slice(0, 4) ? short.format(dateOf(from)) : medium.format(dateOf(from));
  return `${first} – ${medium.format(dateOf(to))}`;
}

/** How many days a block holds: "1 day", "3 days". */
export function dayCount(from: string, to: string): string {
  const n = daysBetween(from, to) + 1;
  return n === 1 ? '1 day' : `${n} days`;
}

/** What the calendar shows on a day. */
export interface DayMarks {
  blocks: Blackout[];
  bookings: BookedEvent[];
}

/** The blocks and bookings of each day from `from` to `to` (days with neither are absent). */
export function marksByDay(data: { blocks: Blackout[]; bookings: BookedEvent[] } | undefined, from: string, to: string): Map<string, DayMarks> {
  const marks = new Map<string, DayMarks>();
  const at = (day: string) => {
    let entry = marks.get(day);
    if (!entry) {
      entry = { blocks: [], bookings: [] };
      marks.set(day, entry);
    }
    return entry;
  };
  for (const block of data?.blocks ?? []) {
    const last = block.to < to ? block.to : to;
    for (let day = block.from > from ? block.from : from; day <= last; day = addDays(day, 1)) at(day).blocks.push(block);
  }
  for (const booking of data?.bookings ?? []) at(booking.date).bookings.push(booking);
  return marks;
}
