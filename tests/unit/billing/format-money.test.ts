import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/billing/format-money';

describe('formatMoney', () => {
  it('when the amount is usd cents, then it shows dollars with two decimals', () => {
    expect(formatMoney(2900, 'usd')).toBe('$29.00');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(5, 'usd')).toBe('$0.05');
  });

  it('when the currency code is upper case, then it formats the same', () => {
    expect(formatMoney(2900, 'USD')).toBe('$29.00');
  });

  it('when the amount is in eur, then the locale decides the symbol position and separators', () => {
    expect(formatMoney(2900, 'eur')).toBe('€29.00');
    expect(formatMoney(123450, 'eur', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('when the currency has no minor unit (jpy), then the amount is whole yen, not divided by 100', () => {
    expect(formatMoney(2900, 'jpy')).toBe('¥2,900');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
  });

  it('when the currency has three decimals (kwd), then the amount is divided by 1000', () => {
    expect(formatMoney(1234, 'kwd')).toBe('KWD\u00a01.234');
  });

  it('when the amount is negative (a refund or a credit), then it shows a minus sign', () => {
    expect(formatMoney(-2900, 'usd')).toBe('-$29.00');
    expect(formatMoney(-500, 'jpy')).toBe('-¥500');
  });

  it('when the amount is zero or minus zero, then it shows no sign', () => {
    expect(formatMoney(0, 'usd')).toBe('$0.00');
    expect(formatMoney(-0, 'usd')).toBe('$0.00');
  });

  it('when the amount is not a whole number of cents, then it throws', () => {
    expect(() => formatMoney(29.5, 'usd')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'usd')).toThrow(/whole number of minor units/);
  });

  it('when the currency code is unknown, then it throws', () => {
    expect(() => formatMoney(100, 'dollars')).toThrow(RangeError);
  });
});
