import { describe, expect, it } from 'vitest';
import { creditCount, planPrice, pricePerCredit } from '../../../client/src/features/billing/billing-money';
import { withRunningBalance } from '../../../client/src/features/billing/running-balance';

describe('pricePerCredit', () => {
  it("when a pack is shown, then its price per credit is in the currency's format", () => {
    expect(pricePerCredit(5500, 25, 'usd')).toBe('$2.20 per credit');
    expect(pricePerCredit(2500, 10, 'usd')).toBe('$2.50 per credit');
    expect(pricePerCredit(12000, 60, 'usd')).toBe('$2.00 per credit');
  });

  it('when the price does not divide into whole cents, then it is rounded to the nearest cent', () => {
    expect(pricePerCredit(1000, 3, 'usd')).toBe('$3.33 per credit');
    expect(pricePerCredit(2000, 3, 'usd')).toBe('$6.67 per credit');
  });

  it('when the currency has no minor unit, then no cents are shown', () => {
    expect(pricePerCredit(3000, 10, 'jpy')).toBe('¥300 per credit');
  });
});

describe('planPrice and creditCount', () => {
  it('when a plan is shown, then its price reads with its interval, and counts agree in number', () => {
    expect(planPrice(7900, 'usd', 'month')).toBe('$79.00 a month');
    expect(creditCount(1)).toBe('1 credit');
    expect(creditCount(1250)).toBe('1,250 credits');
  });
});

describe('withRunningBalance (the ledger, newest first)', () => {
  const at = Date.UTC(2027, 5, 1);
  const entry = (id: string, delta: number, balanceAfter?: number | null) => ({
    id,
    delta,
    reason: 'purchase' as const,
    createdAt: at,
    ...(balanceAfter !== undefined ? { balanceAfter } : {}),
  });

  it("when the server sends each row's balance, then that is the balance shown", () => {
    const rows = withRunningBalance(44, [entry('c', 25, 44), entry('b', -1, 19), entry('a', 10, 20)]);
    expect(rows.map((row) => row.balanceAfter)).toEqual([44, 19, 20]);
  });

  it('when it does not, then the balance after each row is worked back from the current balance', () => {
    const rows = withRunningBalance(44, [entry('c', 25), entry('b', -1), entry('a', 10), entry('trial', 10)]);
    expect(rows.map((row) => row.balanceAfter)).toEqual([44, 19, 20, 10]);
  });

  it('when a later page has no balances, then it goes on from the last known one', () => {
    const rows = withRunningBalance(50, [entry('d', 5, 50), entry('c', 30, null), entry('b', -1)]);
    expect(rows.map((row) => row.balanceAfter)).toEqual([50, 45, 15]);
  });
});
