import { describe, expect, it } from 'vitest';
import { calendarBusyDays, CalendarFileError } from '../../../server/availability/calendar-busy-days';

const WINDOW = { from: '2027-06-01', to: '2027-06-30', timeZone: 'UTC' };

function calendar(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']), 'END:VCALENDAR'].join(
    '\r\n',
  );
}

const days = (text: string, window = WINDOW) => Object.fromEntries(calendarBusyDays(text, window));

/** The CalendarFileError reading `text` throws, as data. */
function problemOf(text: string, window = WINDOW, maxSteps?: number): { problem: string; message: string } {
  try {
    calendarBusyDays(text, window, maxSteps);
  } catch (error) {
    if (error instanceof CalendarFileError) return { problem: error.problem, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
}

describe('calendarBusyDays', () => {
  it('when an all-day event has no end, then it covers its one day', () => {
    expect(days(calendar(['UID:a', 'DTSTART;VALUE=DATE:20270610', 'SUMMARY:Tasting']))).toEqual({ '2027-06-10': 'Tasting' });
  });

  it('when a timed event ends at midnight, then the next day stays free; a DURATION past midnight takes it', () => {
    expect(days(calendar(['UID:a', 'DTSTART:20270610T200000', 'DTEND:20270611T000000', 'SUMMARY:Evening']))).toEqual({ '2027-06-10': 'Evening' });
    expect(days(calendar(['UID:b', 'DTSTART:20270610T200000', 'DURATION:PT5H', 'SUMMARY:Late']))).toEqual({ '2027-06-10': 'Late', '2027-06-11': 'Late' });
  });

  it('when an event straddles the window, then only its days inside count', () => {
    expect(Object.keys(days(calendar(['UID:a', 'DTSTART;VALUE=DATE:20270528', 'DTEND;VALUE=DATE:20270603', 'SUMMARY:Trip'])))).toEqual([
      '2027-06-01',
      '2027-06-02',
    ]);
  });

  it('when events are cancelled, free in Outlook or transparent, then they take no day; tentative ones do', () => {
    const text = calendar(
      ['UID:a', 'DTSTART;VALUE=DATE:20270610', 'STATUS:CANCELLED', 'SUMMARY:Off'],
      ['UID:b', 'DTSTART;VALUE=DATE:20270611', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE', 'SUMMARY:Free'],
      ['UID:c', 'DTSTART;VALUE=DATE:20270612', 'TRANSP:TRANSPARENT', 'SUMMARY:Note'],
      ['UID:d', 'DTSTART;VALUE=DATE:20270613', 'STATUS:TENTATIVE', 'SUMMARY:Maybe'],
    );
    expect(days(text)).toEqual({ '2027-06-13': 'Maybe' });
  });

  it('when one occurrence of a repeating event is moved and made free, then that week takes no day', () => {
    const text = calendar(
      ['UID:w', 'DTSTART;VALUE=DATE:20270605', 'RRULE:FREQ=WEEKLY;UNTIL=20270626', 'SUMMARY:Market'],
      ['UID:w', 'RECURRENCE-ID;VALUE=DATE:20270612', 'DTSTART;VALUE=DATE:20270612', 'TRANSP:TRANSPARENT', 'SUMMARY:Market (off)'],
    );
    expect(Object.keys(days(text))).toEqual(['2027-06-05', '2027-06-19', '2027-06-26']);
  });

  it('when two days share events, then the first event seen names the day and a private one says Busy', () => {
    const text = calendar(
      ['UID:a', 'DTSTART;VALUE=DATE:20270610', 'CLASS:PRIVATE', 'SUMMARY:Doctor'],
      ['UID:b', 'DTSTART;VALUE=DATE:20270610', 'SUMMARY:Wedding'],
    );
    expect(days(text)).toEqual({ '2027-06-10': 'Busy' });
  });

  it('when the text is not a VCALENDAR, then it is refused as not a calendar', () => {
    for (const text of ['', 'hello', '{"a":1}', 'BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD']) {
      expect(problemOf(text), text).toEqual({ problem: 'not-a-calendar', message: expect.any(String) });
    }
  });

  it('when a calendar is cut short or holds a value the parser cannot read, then it is unreadable and the parser says why', () => {
    expect(problemOf('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n')).toEqual({ problem: 'unreadable', message: 'invalid ical body. component began but did not end' });
    expect(problemOf(calendar(['UID:a', 'DTSTART;VALUE=DATE:20270610', 'RRULE:FREQ=YEARLY;BYWEEKNO=60']))).toEqual({
      problem: 'unreadable',
      message: 'BYWEEKNO: invalid value "60" must be < -53',
    });
  });

  it.each([
    ['DAILY', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'],
    ['SECONDLY', 'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30'],
    ['HOURLY', 'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=31'],
  ])('when a %s rule never matches (ical.js would step for ever), then the steps inside its iterator spend the budget', (_freq, rule) => {
    const text = calendar(['UID:never', 'DTSTART:20270101T090000Z', `RRULE:${rule}`, 'SUMMARY:Never']);
    expect(problemOf(text)).toEqual({ problem: 'too-many-repeats', message: 'recurrence budget spent' });
  });

  it('when a rule is one ical.js refuses to expand, then its event and rule are named', () => {
    const text = calendar(['UID:w', 'DTSTART;VALUE=DATE:20270601', 'RRULE:FREQ=WEEKLY;BYMONTHDAY=30', 'SUMMARY:Yoga']);
    expect(problemOf(text)).toEqual({
      problem: 'bad-repeat-rule',
      message: 'The repeating event "Yoga" (RRULE:FREQ=WEEKLY;BYMONTHDAY=30): For WEEKLY recurrences neither BYMONTHDAY nor BYYEARDAY may appear',
    });
  });

  it('when thousands of events each span a thousand years, then each day of the window is walked once: the budget pays one step per event and per day', () => {
    const events = Array.from({ length: 5_000 }, (_, i) => [`UID:e${i}`, 'DTSTART;VALUE=DATE:20000101', 'DTEND;VALUE=DATE:29990101', `SUMMARY:Event ${i}`]);
    const text = calendar(...events);
    // 5,000 events and 30 days: 5,030 steps, where walking each event's days would take 150,000.
    const busy = calendarBusyDays(text, WINDOW, 5_030);
    expect(busy.size).toBe(30);
    expect(new Set(busy.values())).toEqual(new Set(['Event 0']));
    expect(problemOf(text, WINDOW, 5_029)).toEqual({ problem: 'too-many-repeats', message: 'recurrence budget spent' });
  });

  it('when events overlap in any order, then every covered day is busy and named by the first event that covers it', () => {
    const text = calendar(
      ['UID:a', 'DTSTART;VALUE=DATE:20270610', 'DTEND;VALUE=DATE:20270613', 'SUMMARY:A'],
      ['UID:b', 'DTSTART;VALUE=DATE:20270605', 'DTEND;VALUE=DATE:20270616', 'SUMMARY:B'],
      ['UID:c', 'DTSTART;VALUE=DATE:20270628', 'DTEND;VALUE=DATE:20270710', 'SUMMARY:C'],
    );
    expect(days(text)).toEqual({
      ...Object.fromEntries(['05', '06', '07', '08', '09', '13', '14', '15'].map((d) => [`2027-06-${d}`, 'B'])),
      ...Object.fromEntries(['10', '11', '12'].map((d) => [`2027-06-${d}`, 'A'])),
      ...Object.fromEntries(['28', '29', '30'].map((d) => [`2027-06-${d}`, 'C'])),
    });
  });
});
