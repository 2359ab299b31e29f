import ICAL from 'ical.js';
import { addDays } from '../../shared/marketplace/calendar-days';

/** The text given is not an iCalendar file (or one that is broken past reading). */
export class NotACalendarError extends Error {}

/** The file repeats more events than an import expands (each step of a rule costs a few microseconds). */
export class TooManyRepeatsError extends Error {}

/** What one import reads: the days it may block, and the zone that places UTC times on a day. */
export interface BusyDaysWindow {
  /** First and last day that count (`YYYY-MM-DD`, inclusive). */
  from: string;
  to: string;
  /** The vendor's time zone (IANA), for events a file gives in UTC. */
  timeZone: string;
}

/** Steps of recurrence rules one file may take, in all, to reach and cover the window. */
export const MAX_RECURRENCE_STEPS = 60_000;

const NOTE_MAX = 200;

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalEvent = InstanceType<typeof ICAL.Event>;
type IcalTime = InstanceType<typeof ICAL.Time>;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of days as `YYYY-MM-DD` (en-CA's order) in `timeZone`, made once per zone. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The day of a time as written (its own zone's wall clock), or of a UTC time in `timeZone`. */
function dayOf(time: IcalTime, timeZone: string): string {
  if (!time.isDate && time.zone?.tzid === 'UTC') return dayFormat(timeZone).format(new Date(time.toUnixTime() * 1000));
  return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
}

/**
 * The days an occurrence covers. All-day: from its start to the day before its (exclusive) end.
 * Timed: the day it starts to the day it ends, an end at midnight not counting the next day.
 */
function coveredDays(start: IcalTime, end: IcalTime, timeZone: string): { first: string; last: string } {
  const first = dayOf(start, timeZone);
  if (end.compare(start) <= 0) return { first, last: first };
  if (start.isDate) return { first, last: addDays(dayOf(end, timeZone), -1) };
  const justBefore = end.clone();
  justBefore.adjust(0, 0, 0, -1);
  const last = dayOf(justBefore, timeZone);
  return { first, last: last < first ? first : last };
}

/** A free, transparent or cancelled event takes no time; everything else is busy. */
function isBusy(component: IcalComponent): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const busyStatus = String(component.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && busyStatus !== 'FREE' && status !== 'CANCELLED';
}

/** What a block made from this event says: its title, unless the event is private. */
function noteOf(component: IcalComponent): string {
  const privacy = String(component.getFirstPropertyValue('class') ?? '').toUpperCase();
  const summary = String(component.getFirstPropertyValue('summary') ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (privacy === 'PRIVATE' || privacy === 'CONFIDENTIAL' || !summary) return 'Busy';
  return summary.length > NOTE_MAX ? `${summary.slice(0, NOTE_MAX - 1)}…` : summary;
}

function calendarOf(text: string): IcalComponent {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw new NotACalendarError('not iCalendar');
  }
  // One component parses to its jCal array; several to an array of them.
  const components = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
  const calendar = components.find((c) => Array.isArray(c) && c[0] === 'vcalendar');
  if (!calendar) throw new NotACalendarError('no VCALENDAR');
  return new ICAL.Component(calendar as never);
}

/**
 * The busy days of an iCalendar file inside `window`, each with a note (the first busy event's
 * title that day). Recurring events are expanded (their moved and cancelled occurrences
 * included) until they pass the window's last day; free (TRANSP:TRANSPARENT or busy status
 * FREE) and cancelled events are skipped. Throws NotACalendarError for any other text and
 * TooManyRepeatsError past MAX_RECURRENCE_STEPS.
 */
export function calendarBusyDays(text: string, window: BusyDaysWindow): Map<string, string> {
  const calendar = calendarOf(text);
  const days = new Map<string, string>();
  const mark = (start: IcalTime, end: IcalTime, component: IcalComponent) => {
    if (!isBusy(component)) return;
    const { first, last } = coveredDays(start, end, window.timeZone);
    const note = noteOf(component);
    for (let day = first < window.from ? window.from : first; day <= last && day <= window.to; day = addDays(day, 1)) {
      if (!days.has(day)) days.set(day, note);
    }
  };

  let events: IcalEvent[];
  try {
    events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  } catch {
    throw new NotACalendarError('unreadable VEVENT');
  }
  const masters = new Map<string, IcalEvent>();
  for (const event of events) if (!event.isRecurrenceException() && event.uid) masters.set(event.uid, event);
  for (const event of events) {
    const master = event.isRecurrenceException() ? masters.get(event.uid) : undefined;
    if (master) master.relateException(event);
  }

  let steps = 0;
  for (const event of events) {
    if (!event.startDate) continue;
    if (event.isRecurrenceException() && masters.has(event.uid)) continue;
    if (!event.isRecurring()) {
      mark(event.startDate, event.endDate, event.component);
      continue;
    }
    // Occurrences that end before the window are stepped over without working out their details
    // (most of a step's cost), unless some occurrence was moved.
    const moved = Object.keys(event.exceptions).length > 0 || event.rangeExceptions.length > 0;
    const earliest = addDays(window.from, -(Math.ceil(Math.max(0, event.duration.toSeconds()) / 86_400) + 1));
    const occurrences = event.iterator();
    for (let next = occurrences.next(); next; next = occurrences.next()) {
      if (++steps > MAX_RECURRENCE_STEPS) throw new TooManyRepeatsError('recurrence budget spent');
      const day = dayOf(next, window.timeZone);
      if (day > window.to) break;
      if (!moved && day < earliest) continue;
      const occurrence = event.getOccurrenceDetails(next);
      mark(occurrence.startDate, occurrence.endDate, occurrence.item.component);
    }
  }
  return days;
}
