import ICAL from 'ical.js';
import { addDays, daysBetween } from '../../shared/marketplace/calendar-days';

/** Why a file yields no busy days: what the import tells the vendor (a 400 naming the problem). */
export type CalendarProblem =
  /** Not iCalendar text at all (a photo, a vCard, a note). */
  | 'not-a-calendar'
  /** An iCalendar file the parser stops in (a broken line, a value it cannot read). */
  | 'unreadable'
  /** A repeating event whose rule cannot be expanded (`FREQ=WEEKLY;BYMONTHDAY=30`). */
  | 'bad-repeat-rule'
  /** More repeating than one import's budget of steps. */
  | 'too-many-repeats';

/** The file cannot be imported; `message` says why in words a vendor can act on (the parser's own, trimmed). */
export class CalendarFileError extends Error {
  constructor(
    readonly problem: CalendarProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CalendarFileError';
  }
}

/** What one import reads: the days it may block, and the zone that places UTC times on a day. */
export interface BusyDaysWindow {
  /** First and last day that count (`YYYY-MM-DD`, inclusive). */
  from: string;
  to: string;
  /** The vendor's time zone (IANA), for events a file gives in UTC. */
  timeZone: string;
}

/**
 * The work one file may cost, in steps: one per event, one per day it blocks, and one per step of
 * a recurrence rule's iterator, counted inside ical.js (a rule that never matches, such as
 * `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`, steps for ever without returning an occurrence).
 * An iterator step costs 5–20 µs, so the whole budget is about a second of one core.
 */
export const MAX_CALENDAR_STEPS = 60_000;

const PARSER_MESSAGE_MAX = 160;

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

/** A parser's message, short and on one line, to name the problem to the vendor. */
function parserMessage(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return message.length > PARSER_MESSAGE_MAX ? `${message.slice(0, PARSER_MESSAGE_MAX - 1)}…` : message;
}

function calendarOf(text: string): IcalComponent {
  const looksLikeCalendar = /^\s*BEGIN:VCALENDAR/i.test(text);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    if (!looksLikeCalendar) throw new CalendarFileError('not-a-calendar', 'not iCalendar');
    throw new CalendarFileError('unreadable', parserMessage(error));
  }
  // One component parses to its jCal array; several to an array of them.
  const components = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
  const calendar = components.find((c) => Array.isArray(c) && c[0] === 'vcalendar');
  if (!calendar) throw new CalendarFileError('not-a-calendar', 'no VCALENDAR');
  return new ICAL.Component(calendar as never);
}

/** The budget of one file's work (MAX_CALENDAR_STEPS); spending past it throws `too-many-repeats`. */
class StepBudget {
  private left: number;
  constructor(steps: number) {
    this.left = steps;
  }
  spend(steps = 1): void {
    this.left -= steps;
    if (this.left < 0) throw new CalendarFileError('too-many-repeats', 'recurrence budget spent');
  }
}

// The budget of the file being read, charged by every step of every rule iterator. ical.js's
// RecurIterator.next() loops until a candidate passes the rule's limiting parts, with no give-up
// counter for DAILY, HOURLY, MINUTELY and SECONDLY rules: only a count taken inside that loop
// stops a rule that never matches. Its loop checks `check_contracting_rules` once a step.
let charged: StepBudget | null = null;
let counting = false;
function countIteratorSteps(): void {
  if (counting) return;
  counting = true;
  const iterator = ICAL.RecurIterator.prototype;
  const check = iterator.check_contracting_rules;
  iterator.check_contracting_rules = function checkCounted(this: InstanceType<typeof ICAL.RecurIterator>) {
    charged?.spend();
    return check.call(this);
  };
}

/**
 * The window's days as indices 0…n-1, each taken by the first event that covers it. `take` walks
 * only the days still free (each index points at the next free one, shortened as it is walked), so
 * a thousand events over the same two years cost a thousand steps, not two million.
 */
class WindowDays {
  readonly notes = new Map<string, string>();
  private readonly nextFree: Int32Array;
  constructor(
    private readonly window: BusyDaysWindow,
    private readonly budget: StepBudget,
  ) {
    this.nextFree = Int32Array.from({ length: daysBetween(window.from, window.to) + 2 }, (_, i) => i);
  }

  private free(index: number): number {
    let root = index;
    while (this.nextFree[root] !== root) root = this.nextFree[root]!;
    for (let at = index; at !== root; ) {
      const next = this.nextFree[at]!;
      this.nextFree[at] = root;
      at = next;
    }
    return root;
  }

  /** Takes the free days from `first` to `last` (`YYYY-MM-DD`, clipped to the window) for `note`. */
  take(first: string, last: string, note: string): void {
    const end = Math.min(daysBetween(this.window.from, last), daysBetween(this.window.from, this.window.to));
    for (let index = this.free(Math.max(0, daysBetween(this.window.from, first))); index <= end; index = this.free(index)) {
      this.budget.spend();
      this.notes.set(addDays(this.window.from, index), note);
      this.nextFree[index] = index + 1;
    }
  }
}

/**
 * Runs `step` of reading `event`; what ical.js throws there (plain Errors) becomes a
 * CalendarFileError naming the event, and its repeat rule when it has one.
 */
function readingEvent<T>(event: IcalEvent, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof CalendarFileError) throw error;
    const title = noteOf(event.component);
    const rule = String(event.component.getFirstPropertyValue('rrule') ?? '').slice(0, 80);
    const named = title === 'Busy' ? '' : ` "${title}"`;
    if (!rule) throw new CalendarFileError('unreadable', `The event${named}: ${parserMessage(error)}`);
    throw new CalendarFileError('bad-repeat-rule', `${named ? `The repeating event${named}` : 'A repeating event'} (RRULE:${rule}): ${parserMessage(error)}`);
  }
}

/**
 * The busy days of an iCalendar file inside `window`, each with a note (the first busy event's
 * title that day). Recurring events are expanded (their moved and cancelled occurrences
 * included) until they pass the window's last day; free (TRANSP:TRANSPARENT or busy status
 * FREE) and cancelled events are skipped. Throws a CalendarFileError for text that is not
 * iCalendar, a file the parser stops in, a rule that cannot be expanded, and past
 * `maxSteps` (MAX_CALENDAR_STEPS) of work.
 */
export function calendarBusyDays(text: string, window: BusyDaysWindow, maxSteps = MAX_CALENDAR_STEPS): Map<string, string> {
  const calendar = calendarOf(text);
  const budget = new StepBudget(maxSteps);
  const days = new WindowDays(window, budget);
  const mark = (start: IcalTime, end: IcalTime, component: IcalComponent) => {
    if (!isBusy(component)) return;
    const { first, last } = coveredDays(start, end, window.timeZone);
    if (first <= window.to && last >= window.from) days.take(first, last, noteOf(component));
  };

  let events: IcalEvent[];
  try {
    // No exceptions given: ical.js would otherwise scan every event of the file for each event
    // (quadratic: 5,000 events took seconds); they are related by UID below, once.
    events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component, { exceptions: [] }));
  } catch (error) {
    throw new CalendarFileError('unreadable', parserMessage(error));
  }
  budget.spend(events.length);
  const masters = new Map<string, IcalEvent>();
  for (const event of events) if (!event.isRecurrenceException() && event.uid) masters.set(event.uid, event);
  for (const event of events) {
    const master = event.isRecurrenceException() ? masters.get(event.uid) : undefined;
    if (master) master.relateException(event);
  }

  countIteratorSteps();
  charged = budget;
  try {
    for (const event of events) {
      const start = readingEvent(event, () => event.startDate);
      if (!start) continue;
      if (event.isRecurrenceException() && masters.has(event.uid)) continue;
      if (!event.isRecurring()) {
        readingEvent(event, () => mark(start, event.endDate, event.component));
        continue;
      }
      // Occurrences that end before the window are stepped over without working out their details
      // (most of a step's cost), unless some occurrence was moved.
      const moved = Object.keys(event.exceptions).length > 0 || event.rangeExceptions.length > 0;
      const earliest = addDays(window.from, -(Math.ceil(Math.max(0, event.duration.toSeconds()) / 86_400) + 1));
      const occurrences = readingEvent(event, () => event.iterator());
      for (let next = readingEvent(event, () => occurrences.next()); next; next = readingEvent(event, () => occurrences.next())) {
        const day = dayOf(next, window.timeZone);
        if (day > window.to) break;
        if (!moved && day < earliest) continue;
        const occurrence = readingEvent(event, () => event.getOccurrenceDetails(next));
        mark(occurrence.startDate, occurrence.endDate, occurrence.item.component);
      }
    }
  } finally {
    charged = null;
  }
  return days.notes;
}

/** One file to read in a worker: its text and the window of days that count. */
export interface BusyDaysTask {
  text: string;
  window: BusyDaysWindow;
}

/** What reading a file comes to: its busy days (`[day, note]`, at most one per day of the window), or why there are none. */
export type BusyDaysOutcome = { days: [string, string][] } | { problem: CalendarProblem; message: string };

/** `calendarBusyDays` as data that crosses from a worker thread: a CalendarFileError becomes its problem. */
export function readBusyDays(task: BusyDaysTask): BusyDaysOutcome {
  try {
    return { days: [...calendarBusyDays(task.text, task.window)] };
  } catch (error) {
    if (error instanceof CalendarFileError) return { problem: error.problem, message: error.message };
    throw error;
  }
}
