import { formatMoney } from '../../../../shared/billing/format-money';

/** An amount in the currency's minor unit, as the vendor reads it ("$29.00"). */
export function money(amountMinor: number, currency: string): string {
  return formatMoney(amountMinor, currency);
}

/**
 * What one credit of a pack costs, rounded to the nearest cent: 25 credits for $55.00 →
 * "$2.20 per credit". A pack of one credit says its price alone.
 */
export function pricePerCredit(priceCents: number, credits: number, currency: string): string {
  if (credits <= 0) return '';
  return `${formatMoney(Math.round(priceCents / credits), currency)} per credit`;
}

/** A plan's price with its interval: "$79.00 a month". */
export function planPrice(priceCents: number, currency: string, interval: 'month' | 'year'): string {
  return `${formatMoney(priceCents, currency)} a ${interval}`;
}

/** "1 credit", "35 credits". */
export function creditCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${Math.abs(count) === 1 ? 'credit' : 'credits'}`;
}
