import type { CardBrand, ChargeFailureReason } from '../payment-provider';

/**
 * The sandbox provider's card rules, as Stripe applies them in test mode: a card is checked when
 * it is tokenised (`POST /sandbox/payment-methods`), and only its brand, last four digits, expiry
 * and its test behaviour on later charges leave this file. Results never carry the number or CVC.
 */

/** What the browser sends to tokenise a card. */
export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits, or two (taken as 20xx). */
  expYear: number;
  cvc: string;
}

/** Why a card is refused at tokenisation; `card-declined` becomes the 402 problem `card-declined`. */
export type CardRefusal = 'invalid-number' | 'luhn-check-failed' | 'unsupported-brand' | 'invalid-expiry' | 'expired-card' | 'invalid-cvc' | 'card-declined';

/** A card that may be attached: what the sandbox stores with its `pm_…` id. */
export interface AcceptedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Tokenised, then declined when attached to a customer (Stripe's 4000 0000 0000 0002). */
  declinesOnAttach: boolean;
  /** How every later charge on this card ends: null succeeds, otherwise the failure reason. */
  failsChargesWith: Extract<ChargeFailureReason, 'card-declined' | 'insufficient-funds'> | null;
}

export type CardCheck = { ok: true; card: AcceptedCard } | { ok: false; reason: CardRefusal; message: string };

/** How a Stripe test card behaves in the sandbox. */
export type TestCardBehaviour = 'succeeds' | 'declined-on-attach' | 'charge-declined' | 'charge-insufficient-funds';

// Stripe's test numbers (https://docs.stripe.com/testing). Any other number is declined, as
// Stripe's test mode declines a real card.
const testCards: ReadonlyMap<string, TestCardBehaviour> = new Map([
  ['4242424242424242', 'succeeds'],
  ['4000056655665556', 'succeeds'],
  ['5555555555554444', 'succeeds'],
  ['2223003122003222', 'succeeds'],
  ['5200828282828210', 'succeeds'],
  ['5105105105105100', 'succeeds'],
  ['378282246310005', 'succeeds'],
  ['371449635398431', 'succeeds'],
  ['6011111111111117', 'succeeds'],
  ['6011000990139424', 'succeeds'],
  ['4000000000000002', 'declined-on-attach'],
  ['4000000000000341', 'charge-declined'],
  ['4000000000009995', 'charge-insufficient-funds'],
]);

const lengthsByBrand: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
};

/** The card number's digits with spaces and dashes removed, or null if anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** Whether a string of digits passes the Luhn (mod 10) check every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand a card number's prefix (IIN) belongs to, among those accepted; null for any other. */
export function detectCardBrand(digits: string): CardBrand | null {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  const first2 = Number(digits.slice(0, 2));
  const first4 = Number(digits.slice(0, 4));
  const first6 = Number(digits.slice(0, 6));
  if ((first2 >= 51 && first2 <= 55) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits) || (first6 >= 622126 && first6 <= 622925)) return 'discover';
  return null;
}

/** The number of CVC digits a brand's cards carry: four on the front of an Amex, three elsewhere. */
export function cvcLengthFor(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** Whether a card is past its expiry at `now` (epoch ms): it is good through its month's last day, UTC. */
export function isCardExpired(expMonth: number, expYear: number, now: number): boolean {
  return now >= Date.UTC(fullYear(expYear), expMonth, 1);
}

/** A number's sandbox behaviour, or null when it is not one of Stripe's test cards. */
export function testCardBehaviour(digits: string): TestCardBehaviour | null {
  return testCards.get(digits) ?? null;
}

/**
 * Checks a card as the sandbox's tokenisation does, at `now` (epoch ms): the number's form, brand,
 * length and Luhn digit, the expiry, the CVC, then the test card's behaviour. Refusals name the
 * field at fault in their message without repeating what was typed. A card declined when
 * attached (0002) passes here, as in Stripe: the decline comes when billing attaches it.
 */
export function checkSandboxCard(details: CardDetails, now: number): CardCheck {
  const digits = cardDigits(details.number);
  if (digits === null) return refuse('invalid-number', 'The card number must be 12 to 19 digits.');
  const brand = detectCardBrand(digits);
  if (brand === null) return refuse('unsupported-brand', 'Only Visa, Mastercard, American Express and Discover cards are accepted.');
  if (!lengthsByBrand[brand].includes(digits.length))
    return refuse('invalid-number', `A ${brandName[brand]} card number has ${lengthsByBrand[brand].join(' or ')} digits.`);
  if (!passesLuhn(digits)) return refuse('luhn-check-failed', 'The card number is incorrect.');

  const { expMonth, expYear } = details;
  const year = fullYear(expYear);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return refuse('invalid-expiry', 'The expiry month must be 1 to 12.');
  if (!Number.isInteger(expYear) || year < 2000 || year > 2099) return refuse('invalid-expiry', 'The expiry year is not valid.');
  if (isCardExpired(expMonth, year, now)) return refuse('expired-card', 'The card has expired.');

  const cvcLength = cvcLengthFor(brand);
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(details.cvc)) return refuse('invalid-cvc', `The security code must be ${cvcLength} digits.`);

  const behaviour = testCardBehaviour(digits);
  if (behaviour === null) return refuse('card-declined', 'The card was declined: the sandbox accepts only test cards.');
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      expMonth,
      expYear: year,
      declinesOnAttach: behaviour === 'declined-on-attach',
      failsChargesWith: behaviour === 'charge-declined' ? 'card-declined' : behaviour === 'charge-insufficient-funds' ? 'insufficient-funds' : null,
    },
  };
}

const brandName: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

function fullYear(expYear: number): number {
  return expYear < 100 ? 2000 + expYear : expYear;
}

function refuse(reason: CardRefusal, message: string): CardCheck {
  return { ok: false, reason, message };
}
