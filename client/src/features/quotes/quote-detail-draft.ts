import { submitQuoteBodySchema } from '../../../../shared/contracts/marketplace';
import type { FieldError } from '../../../../shared/contracts/problem';
import { parseNumber } from '../../lib/forms/widgets/parse-number';

/** The price field's text read as the cents the server takes, or what is wrong with it (in the server's words where it has them). */
export type PriceCheck = { cents: number; error?: undefined } | { cents?: undefined; error: string };

/** "1850", "1,850.50", "$1,850": dollars as typed, checked by the submit body's own rule. */
export function priceCentsOf(text: string): PriceCheck {
  const value = parseNumber(text, true);
  if (value === undefined) return { error: 'Enter your price' };
  if (typeof value === 'string') return { error: 'Enter an amount in dollars, like 1,850 or 1850.50' };
  const cents = Math.round(value * 100);
  // Floating point: 0.29 * 100 is 28.999…; anything farther from a whole cent had a third decimal.
  if (Math.abs(value * 100 - cents) > 1e-6) return { error: 'Use dollars and cents: at most two decimals' };
  const checked = submitQuoteBodySchema.shape.priceCents.safeParse(cents);
  return checked.success ? { cents } : { error: checked.error.issues[0]?.message ?? 'Enter your price' };
}

/** What is wrong with the message to the couple, by the submit body's own rule; null when nothing is. */
export function messageError(text: string): string | null {
  const checked = submitQuoteBodySchema.shape.message.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Write a message to the couple');
}

/** A submit's 400 errors by where they go: the price and message fields, the quote form's fields (paths inside it), or above the form. */
export interface PlacedErrors {
  price?: string;
  message?: string;
  details: FieldError[];
  unplaced: FieldError[];
}

/** Splits the server's `{ path, message }` errors of a submit between the page's fields. */
export function placeSubmitErrors(errors: readonly FieldError[]): PlacedErrors {
  const placed: PlacedErrors = { details: [], unplaced: [] };
  for (const error of errors) {
    if (error.path === 'priceCents') placed.price ??= error.message;
    else if (error.path === 'message') placed.message ??= error.message;
    else if (error.path.startsWith('details.')) placed.details.push({ path: error.path.slice('details.'.length), message: error.message });
    else placed.unplaced.push(error);
  }
  return placed;
}
