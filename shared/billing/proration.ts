import { formatMoney } from './format-money';

/** A plan as proration needs it: the fields it reads from `shared/contracts/plans.ts`'s plan. */
export interface ProrationPlan {
  id: string;
  name: string;
  /** The price for one whole period, in the currency's minor unit. */
  priceCents: number;
  interval: 'month' | 'year';
}

/** What changes, and when the current period runs (epoch ms, `periodEnd` exclusive). */
export interface PlanChangeInput {
  current: ProrationPlan;
  /** The plan to move to; `null` cancels the subscription. */
  next: ProrationPlan | null;
  currency: string;
  periodStart: number;
  periodEnd: number;
  /** When the change is asked for: `periodStart <= at < periodEnd`. */
  at: number;
}

/**
 * The outcome of a plan change. Upgrades (and moves to another plan of the same price) take effect
 * now and are charged the prorated difference; downgrades and cancellations take effect at the
 * period's end and cost nothing now. `amountDueNowCents` is always ≥ 0.
 */
export type PlanChange =
  | {
      change: 'upgrade' | 'lateral';
      takesEffect: 'now';
      effectiveAt: number;
      /** The unused rest of the current plan's period, given back. */
      creditCents: number;
      /** The new plan's price for the rest of the period. */
      chargeCents: number;
      /** Exactly `chargeCents - creditCents`. */
      amountDueNowCents: number;
      currency: string;
      description: string;
    }
  | {
      change: 'downgrade' | 'cancel';
      takesEffect: 'period-end';
      effectiveAt: number;
      amountDueNowCents: 0;
      currency: string;
      description: string;
    }
  | { change: 'none'; amountDueNowCents: 0; currency: string; description: string };

/**
 * Prorates an immediate plan change at `at` within the period [periodStart, periodEnd).
 *
 * The remaining share of the period is `(periodEnd - at) / (periodEnd - periodStart)`, measured
 * in milliseconds, so a day is worth more in a 28-day month than in a 31-day one. Each of the two
 * invoice lines (the credit for the unused current plan and the charge for the new plan) is
 * `price × remaining / length` rounded half up to a whole cent, computed in exact integer
 * arithmetic (BigInt), and the amount due is the difference of those rounded lines: the invoice
 * always adds up to the cent, and the amount due is within one cent of the exact difference.
 *
 * Throws a RangeError for a period whose end is not after its start, a time outside the period, a
 * price that is not a whole non-negative number of cents, or plans billed on different intervals
 * (moving between monthly and yearly starts a new period and is not a proration).
 */
export function prorateChange(input: PlanChangeInput): PlanChange {
  const { current, next, currency, periodStart, periodEnd, at } = input;
  for (const [name, value] of [
    ['periodStart', periodStart],
    ['periodEnd', periodEnd],
    ['at', at],
  ] as const) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`prorateChange: ${name} must be a whole number of epoch milliseconds, got ${value}`);
  }
  if (periodEnd <= periodStart) {
    throw new RangeError(`prorateChange: the period must end after it starts (start ${isoTime(periodStart)}, end ${isoTime(periodEnd)})`);
  }
  if (at < periodStart || at >= periodEnd) {
    throw new RangeError(`prorateChange: the change time ${isoTime(at)} is outside the period [${isoTime(periodStart)}, ${isoTime(periodEnd)})`);
  }
  assertPrice(current);
  if (next) {
    assertPrice(next);
    if (next.interval !== current.interval) {
      throw new RangeError(
        `prorateChange: ${current.name} is billed per ${current.interval} and ${next.name} per ${next.interval}; only plans on the same interval are prorated`,
      );
    }
  }

  const periodEndDate = isoDate(periodEnd);
  if (next === null) {
    return {
      change: 'cancel',
      takesEffect: 'period-end',
      effectiveAt: periodEnd,
      amountDueNowCents: 0,
      currency,
      description: `${current.name} canceled from ${periodEndDate} (end of the current period)`,
    };
  }
  if (next.id === current.id) {
    return { change: 'none', amountDueNowCents: 0, currency, description: `Already on ${current.name}` };
  }
  if (next.priceCents < current.priceCents) {
    return {
      change: 'downgrade',
      takesEffect: 'period-end',
      effectiveAt: periodEnd,
      amountDueNowCents: 0,
      currency,
      description: `${current.name} → ${next.name} from ${periodEndDate} (end of the current period)`,
    };
  }

  const remaining = periodEnd - at;
  const length = periodEnd - periodStart;
  const creditCents = shareOf(current.priceCents, remaining, length);
  const chargeCents = shareOf(next.priceCents, remaining, length);
  return {
    change: next.priceCents > current.priceCents ? 'upgrade' : 'lateral',
    takesEffect: 'now',
    effectiveAt: at,
    creditCents,
    chargeCents,
    // Rounding half up is monotone in the price, so a dearer plan's line is never the smaller one.
    amountDueNowCents: chargeCents - creditCents,
    currency,
    description:
      `${current.name} → ${next.name}, ${isoDate(at)} to ${periodEndDate}: ` +
      `${next.name} ${formatMoney(chargeCents, currency)} less unused ${current.name} ${formatMoney(creditCents, currency)}`,
  };
}

function assertPrice(plan: ProrationPlan): void {
  if (!Number.isSafeInteger(plan.priceCents) || plan.priceCents < 0) {
    throw new RangeError(`prorateChange: ${plan.name}'s price must be a whole non-negative number of cents, got ${plan.priceCents}`);
  }
}

/** `price × part / whole`, rounded half up, exactly: the product can pass 2^53 for a yearly period. */
function shareOf(price: number, part: number, whole: number): number {
  const twice = 2n * BigInt(price) * BigInt(part) + BigInt(whole);
  return Number(twice / (2n * BigInt(whole)));
}

function isoTime(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}

function isoDate(ms: number): string {
  return isoTime(ms).slice(0, 10);
}
