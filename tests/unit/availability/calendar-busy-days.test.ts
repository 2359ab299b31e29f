import { describe, expect, it } from 'vitest';
import { calendarBusyDays, NotACalendarError } from '../../../server/availability/calendar-busy-days';

const WINDOW = { from: '2027-06-01', to: '2027-06-30', timeZone: 'UTC' };

function calendar(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
}

const days = (text: string, window = WINDOW) => Object.fromEntries(calendarBusyDays(text, window));

describe('calendarBusyDays', () => {
  it('when an all-day event has no end, then it covers its one day', () => {
    expect(days(calendar(['UID:a', 'DTSTART;VALUE=DATE:20270610', 'SUMMARY:Tasting']))).toEqual({ '2027-06-10': 'Tasting' });
  });

  it('when a timed event ends at midnight, then the next day stays free; a DURATION past midnight takes it', () => {
    expect(days(calendar(['UID:a', 'DTSTART:20270610T200000', 'DTEND:20270611T000000', 'SUMMARY:Evening']))).toEqual({ '2027-06-10': 'Evening' });
    expect(days(calendar(['UID:b', 'DTSTART:20270610T200000', 'DURATION:PT5H', 'SUMMARY:Late']))).toEqual({ '2027-06-10': 'Late', '2027-06-11': 'Late' });
  });

  it('when an event straddles the window, then only its days inside count', () => {
    expect(Object.keys(days(calendar(['UID:a', 'DTSTART;VALUE=DATE:20270528', 'DTEND;VALUE=DATE:20270603', 'SUMMARY:Trip'])))).toEqual(['2027-06-01', '2027-06-02']);
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
    const text = calendar(['UID:a', 'DTSTART;VALUE=DATE:20270610', 'CLASS:PRIVATE', 'SUMMARY:Doctor'], ['UID:b', 'DTSTART;VALUE=DATE:20270610', 'SUMMARY:Wedding']);
    expect(days(text)).toEqual({ '2027-06-10': 'Busy' });
  });

  it('when the text is not a VCALENDAR, then it is refused', () => {
    for (const text of ['', 'hello', '{"a":1}', 'BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n']) {
      expect(() => calendarBusyDays(text, WINDOW), text).toThrow(NotACalendarError);
    }
  });
});
