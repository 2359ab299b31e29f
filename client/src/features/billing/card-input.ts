import type { CardBrandName } from '../../../../shared/contracts/billing';

/** The card form's four fields as typed. */
export interface CardValues {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export type CardField = keyof CardValues;

/** What the payment provider takes: digits only, the year in four digits. */
export interface CardBody {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

const MAX_DIGITS = 19;

/** The digits of a typed card number (spaces, dashes and anything else dropped), at most 19. */
export function cardDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, MAX_DIGITS);
}

/** The card's network from its first digits, as far as they tell; null while unknown. */
export function cardBrandOf(digits: string): CardBrandName | null {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  const four = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return null;
}

/**
 * A card number as the vendor reads it while typing: groups of four (`4242 4242 4242 4242`), or
 * 4-6-5 for American Express (`3782 822463 10005`).
 */
export function formatCardNumber(text: string): string {
  const digits = cardDigits(text);
  const groups = cardBrandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The Luhn checksum every card number carries (a typo in one digit fails it). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A typed year as four digits: `30` → 2030; anything else as typed, or NaN. */
function fullYear(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{2}(\d{2})?$/.test(trimmed)) return Number.NaN;
  const year = Number(trimmed);
  return trimmed.length === 2 ? 2000 + year : year;
}

/**
 * Checks the card form as the provider would, in plain words, with `now` deciding whether the
 * card has expired. Returns the errors by field (empty when the card may be sent) and, when there
 * are none, the body for the provider.
 */
export function checkCard(values: CardValues, now: Date): { errors: Partial<Record<CardField, string>>; body: CardBody | null } {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(values.number);
  const brand = cardBrandOf(digits);
  if (digits.length === 0) errors.number = 'Enter the card number';
  else if (digits.length < 13 || (brand === 'amex' ? digits.length !== 15 : digits.length > 19)) errors.number = 'This card number is too short or too long';
  else if (!passesLuhn(digits)) errors.number = 'This card number is not right. Check the digits';

  const monthText = values.expMonth.trim();
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : Number.NaN;
  if (monthText === '') errors.expMonth = 'Enter the expiry month';
  else if (!(month >= 1 && month <= 12)) errors.expMonth = 'Enter a month from 1 to 12';

  const year = fullYear(values.expYear);
  if (values.expYear.trim() === '') errors.expYear = 'Enter the expiry year';
  else if (Number.isNaN(year)) errors.expYear = 'Enter the year as on the card, like 2030';
  else if (year > now.getFullYear() + 20) errors.expYear = 'This year is too far ahead';
  else if (!errors.expMonth && (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)))
    errors.expYear = 'This card has expired';

  const cvc = values.cvc.trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (cvc === '') errors.cvc = 'Enter the security code';
  else if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength)
    errors.cvc = `Enter the ${cvcLength} digits on the ${brand === 'amex' ? 'front' : 'back'} of the card`;

  if (Object.keys(errors).length > 0) return { errors, body: null };
  return { errors, body: { number: digits, expMonth: month, expYear: year, cvc } };
}
