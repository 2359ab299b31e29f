/**
 * Formats an amount in the currency's minor unit (cents for usd, yen for jpy, fils for kwd) with
 * `Intl.NumberFormat`: `formatMoney(2900, 'usd')` → "$29.00", `formatMoney(500, 'jpy')` → "¥500",
 * `formatMoney(-1250, 'eur', 'de-DE')` → "-12,50 €". The minor unit's size is the currency's own
 * number of decimals as Intl knows it (ISO 4217), so zero-decimal currencies are not divided by 100.
 * Throws a RangeError for an amount that is not a whole number of minor units or an unknown code.
 */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`formatMoney: the amount must be a whole number of minor units (cents), got ${amountMinor}`);
  }
  const { format, decimals } = formatterFor(locale, currency.toUpperCase());
  // Dividing by a power of ten is exact enough here: Intl rounds to the same number of decimals.
  // `|| 0` turns -0 into 0 so a zero amount never shows as "-$0.00".
  return format.format(amountMinor / 10 ** decimals || 0);
}

// Building an Intl.NumberFormat costs a fraction of a millisecond; invoices and lists format many amounts.
const formatters = new Map<string, { format: Intl.NumberFormat; decimals: number }>();

function formatterFor(locale: string, currency: string): { format: Intl.NumberFormat; decimals: number } {
  const key = `${locale}|${currency}`;
  let entry = formatters.get(key);
  if (!entry) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    entry = { format, decimals: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formatters.set(key, entry);
  }
  return entry;
}
