import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../scripts/seeded-random';
import { prorateChange, type PlanChangeInput, type ProrationPlan } from '../../../shared/billing/proration';

const free: ProrationPlan = { id: 'free', name: 'Free', priceCents: 0, interval: 'month' };
const starter: ProrationPlan = { id: 'starter', name: 'Starter', priceCents: 2900, interval: 'month' };
const professional: ProrationPlan = { id: 'professional', name: 'Professional', priceCents: 7900, interval: 'month' };

const utc = (date: string): number => Date.parse(`${date}Z`);
const DAY = 86_400_000;

// November 2026 has 30 days, December 31, February 2027 28.
const november = { periodStart: utc('2026-11-01T00:00:00'), periodEnd: utc('2026-12-01T00:00:00') };

function change(overrides: Partial<PlanChangeInput>): ReturnType<typeof prorateChange> {
  return prorateChange({ current: starter, next: professional, currency: 'usd', ...november, at: november.periodStart, ...overrides });
}

describe('prorateChange', () => {
  it('when upgrading at the very start of the period, then the whole old price is credited and the whole new price charged now', () => {
    expect(change({ at: november.periodStart })).toEqual({
      change: 'upgrade',
      takesEffect: 'now',
      effectiveAt: november.periodStart,
      creditCents: 2900,
      chargeCents: 7900,
      amountDueNowCents: 5000,
      currency: 'usd',
      description: 'Starter → Professional, 2026-11-01 to 2026-12-01: Professional $79.00 less unused Starter $29.00',
    });
  });

  it('when upgrading half way through the period, then half of each price is counted', () => {
    const result = change({ at: utc('2026-11-16T00:00:00') });
    expect(result).toMatchObject({ change: 'upgrade', takesEffect: 'now', creditCents: 1450, chargeCents: 3950, amountDueNowCents: 2500 });
    expect(result.description).toBe('Starter → Professional, 2026-11-16 to 2026-12-01: Professional $39.50 less unused Starter $14.50');
  });

  it('when upgrading on the last day, then one day of each price is counted, each line rounded half up to the cent', () => {
    // 2900 / 30 = 96.67 → 97; 7900 / 30 = 263.33 → 263.
    expect(change({ at: utc('2026-11-30T00:00:00') })).toMatchObject({ creditCents: 97, chargeCents: 263, amountDueNowCents: 166 });
  });

  it('when upgrading in the last millisecond of the period, then nothing is left to charge', () => {
    expect(change({ at: november.periodEnd - 1 })).toMatchObject({ change: 'upgrade', creditCents: 0, chargeCents: 0, amountDueNowCents: 0 });
  });

  it('when a line is exactly half a cent, then it rounds up', () => {
    const oneCent: ProrationPlan = { id: 'one', name: 'One', priceCents: 1, interval: 'month' };
    const threeCents: ProrationPlan = { id: 'three', name: 'Three', priceCents: 3, interval: 'month' };
    expect(change({ current: oneCent, next: threeCents, at: utc('2026-11-16T00:00:00') })).toMatchObject({
      creditCents: 1,
      chargeCents: 2,
      amountDueNowCents: 1,
    });
  });

  it('when the same day of the month is reached in a 31-day and a 28-day month, then the shorter month leaves a larger share per day', () => {
    const december = prorateChange({
      current: starter,
      next: professional,
      currency: 'usd',
      periodStart: utc('2026-12-01T00:00:00'),
      periodEnd: utc('2027-01-01T00:00:00'),
      at: utc('2026-12-11T00:00:00'),
    });
    const february = prorateChange({
      current: starter,
      next: professional,
      currency: 'usd',
      periodStart: utc('2027-02-01T00:00:00'),
      periodEnd: utc('2027-03-01T00:00:00'),
      at: utc('2027-02-11T00:00:00'),
    });
    // 21 of 31 days left: 2900 × 21/31 = 1964.52 → 1965, 7900 × 21/31 = 5351.61 → 5352.
    expect(december).toMatchObject({ creditCents: 1965, chargeCents: 5352, amountDueNowCents: 3387 });
    // 18 of 28 days left: 2900 × 18/28 = 1864.29 → 1864, 7900 × 18/28 = 5078.57 → 5079.
    expect(february).toMatchObject({ creditCents: 1864, chargeCents: 5079, amountDueNowCents: 3215 });
  });

  it('when the plan asked for is the current one, then nothing changes and nothing is due', () => {
    expect(change({ next: starter, at: utc('2026-11-10T00:00:00') })).toEqual({
      change: 'none',
      amountDueNowCents: 0,
      currency: 'usd',
      description: 'Already on Starter',
    });
  });

  it('when downgrading, then it takes effect at the period end and nothing is due now', () => {
    expect(change({ current: professional, next: starter, at: utc('2026-11-10T00:00:00') })).toEqual({
      change: 'downgrade',
      takesEffect: 'period-end',
      effectiveAt: november.periodEnd,
      amountDueNowCents: 0,
      currency: 'usd',
      description: 'Professional → Starter from 2026-12-01 (end of the current period)',
    });
  });

  it('when canceling, then it takes effect at the period end and nothing is due now', () => {
    expect(change({ current: professional, next: null, at: utc('2026-11-10T00:00:00') })).toEqual({
      change: 'cancel',
      takesEffect: 'period-end',
      effectiveAt: november.periodEnd,
      amountDueNowCents: 0,
      currency: 'usd',
      description: 'Professional canceled from 2026-12-01 (end of the current period)',
    });
  });

  it('when moving from a free plan to a paid one, then nothing is credited and the rest of the period is charged now', () => {
    expect(change({ current: free, next: starter, at: utc('2026-11-16T00:00:00') })).toMatchObject({
      change: 'upgrade',
      creditCents: 0,
      chargeCents: 1450,
      amountDueNowCents: 1450,
    });
  });

  it('when moving from a paid plan to a free one, then it is a downgrade at the period end', () => {
    expect(change({ current: starter, next: free, at: utc('2026-11-16T00:00:00') })).toMatchObject({
      change: 'downgrade',
      takesEffect: 'period-end',
      amountDueNowCents: 0,
    });
  });

  it('when moving to another plan of the same price, then it takes effect now and nothing is due', () => {
    const twin: ProrationPlan = { ...starter, id: 'starter-plus', name: 'Starter Plus' };
    expect(change({ next: twin, at: utc('2026-11-16T00:00:00') })).toMatchObject({
      change: 'lateral',
      takesEffect: 'now',
      creditCents: 1450,
      chargeCents: 1450,
      amountDueNowCents: 0,
    });
  });

  it('when prorating thousands of random changes, then the lines always add up to the amount due and each is within half a cent of exact', () => {
    const random = seededRandom(15);
    const int = (max: number): number => Math.floor(random() * (max + 1));
    const failures: unknown[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const periodStart = utc('2020-01-01T00:00:00') + int(3_000 * DAY);
      const length = 1 + int(366 * DAY);
      const at = periodStart + int(length - 1);
      const current: ProrationPlan = { id: 'a', name: 'A', priceCents: int(100_000_000), interval: 'year' };
      const next: ProrationPlan = { id: 'b', name: 'B', priceCents: current.priceCents + int(100_000_000), interval: 'year' };
      const result = prorateChange({ current, next, currency: 'usd', periodStart, periodEnd: periodStart + length, at });
      if (result.change !== 'upgrade' && result.change !== 'lateral') throw new Error(`case ${index}: expected an immediate change, got ${result.change}`);

      const remaining = BigInt(periodStart + length - at);
      const whole = BigInt(length);
      // |line − price × remaining / length| ≤ ½ cent, compared without division.
      const offBy = (line: number, price: number): bigint => abs(2n * BigInt(line) * whole - 2n * BigInt(price) * remaining);
      // The amount due is less than a cent away from the exact prorated difference.
      const dueOffBy = abs(BigInt(result.amountDueNowCents) * whole - BigInt(next.priceCents - current.priceCents) * remaining);
      const holds =
        offBy(result.creditCents, current.priceCents) <= whole &&
        offBy(result.chargeCents, next.priceCents) <= whole &&
        result.amountDueNowCents === result.chargeCents - result.creditCents &&
        result.amountDueNowCents >= 0 &&
        result.creditCents <= current.priceCents &&
        result.chargeCents <= next.priceCents &&
        dueOffBy < whole;
      if (!holds) failures.push({ index, periodStart, length, at, current: current.priceCents, next: next.priceCents, result });
    }
    expect(failures).toEqual([]);
  });

  it('when the period ends at or before its start, then it throws saying so', () => {
    expect(() => change({ periodStart: november.periodEnd, periodEnd: november.periodEnd, at: november.periodEnd })).toThrow(/must end after it starts/);
    expect(() => change({ periodStart: november.periodEnd, periodEnd: november.periodStart, at: november.periodStart })).toThrow(RangeError);
  });

  it('when the change time is outside the period, then it throws saying so', () => {
    expect(() => change({ at: november.periodStart - 1 })).toThrow(/outside the period/);
    expect(() => change({ at: november.periodEnd })).toThrow(/outside the period/);
    expect(() => change({ at: november.periodEnd + DAY })).toThrow(/outside the period/);
  });

  it('when a time or a price is not a whole number, or a price is negative, then it throws naming it', () => {
    expect(() => change({ at: november.periodStart + 0.5 })).toThrow(/at must be a whole number/);
    expect(() => change({ periodEnd: Number.NaN })).toThrow(/periodEnd must be a whole number/);
    expect(() => change({ next: { ...professional, priceCents: 79.5 } })).toThrow(/Professional's price must be a whole non-negative number of cents/);
    expect(() => change({ current: { ...starter, priceCents: -1 } })).toThrow(/Starter's price/);
  });

  it('when the plans are billed on different intervals, then it throws rather than prorate', () => {
    expect(() => change({ next: { ...professional, interval: 'year' } })).toThrow(/only plans on the same interval are prorated/);
  });
});

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
