import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayOf } from '../../../shared/marketplace/calendar-days';

describe('calendar days', () => {
  it('when counting days, then month and year ends and leap days are whole days', () => {
    expect(daysBetween('2027-02-27', '2027-03-01')).toBe(2);
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysBetween('2027-12-31', '2028-01-01')).toBe(1);
    expect(daysBetween('2027-06-12', '2027-06-01')).toBe(-11);
  });

  it('when adding days, then the calendar day comes out', () => {
    expect(addDays('2027-06-12', 1)).toBe('2027-06-13');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('when the clock reads a time, then today is its UTC day', () => {
    expect(todayOf(Date.UTC(2027, 5, 12, 23, 59))).toBe('2027-06-12');
  });
});

describe('formatEventDate', () => {
  it('when an event date is shown, then it reads as a day of the week and a date, whatever the server time zone', async () => {
    const { formatEventDate } = await import('../../../shared/marketplace/format-event-date');
    expect(formatEventDate('2027-06-12')).toBe('Saturday, June 12, 2027');
    expect(formatEventDate('not a date')).toBe('not a date');
  });
});
