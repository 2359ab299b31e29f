import { describe, expect, it } from 'vitest';
import { addMonths, monthsOf } from '../../../shared/billing/billing-period';

const at = (iso: string) => Date.parse(iso);

describe('addMonths', () => {
  it('keeps the day of the month and the time of day', () => {
    expect(addMonths(at('2026-11-24T18:30:05.123Z'), 1)).toBe(at('2026-12-24T18:30:05.123Z'));
  });

  it('crosses the year', () => {
    expect(addMonths(at('2026-12-15T00:00:00Z'), 1)).toBe(at('2027-01-15T00:00:00Z'));
    expect(addMonths(at('2026-03-01T00:00:00Z'), 12)).toBe(at('2027-03-01T00:00:00Z'));
  });

  it('ends on the last day of a shorter month', () => {
    expect(addMonths(at('2027-01-31T10:00:00Z'), 1)).toBe(at('2027-02-28T10:00:00Z'));
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1)).toBe(at('2028-02-29T10:00:00Z'));
    expect(addMonths(at('2026-08-31T00:00:00Z'), 1)).toBe(at('2026-09-30T00:00:00Z'));
  });

  it('gives a year plan twelve months', () => {
    expect(monthsOf('year')).toBe(12);
    expect(monthsOf('month')).toBe(1);
  });
});
