import { parseNumber } from '../../lib/forms/widgets/parse-number';

/** What the event step holds, as typed. */
export interface EventValues {
  eventDate: string;
  location: string;
  guests: string;
  budget?: string;
}

/** The request body's guest count limit (createRequestBodySchema). */
export const MAX_GUESTS = 20_000;
const MAX_BUDGET_DOLLARS = 1_000_000;

/** The guest count typed ("120", "1,200"), or null when it is not a whole number from 1 to 20,000. */
export function guestsOf(text: string | undefined): number | null {
  const value = parseNumber(text ?? '');
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_GUESTS ? value : null;
}

/**
 * The budget typed in dollars ("2500", "$2,500.50") as whole cents; undefined when left empty,
 * null when it is no amount (text, negative, over $1,000,000, or finer than a cent).
 */
export function budgetCentsOf(text: string | undefined): number | undefined | null {
  const value = parseNumber(text ?? '', true);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || value < 0 || value > MAX_BUDGET_DOLLARS) return null;
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
}

/** The event's part of the request body, from the step's checked values. */
export function eventBodyOf(values: EventValues): { eventDate: string; location: string; guests: number; budgetCents?: number } {
  const budgetCents = budgetCentsOf(values.budget);
  return {
    eventDate: values.eventDate,
    location: values.location.trim(),
    guests: guestsOf(values.guests) ?? 0,
    ...(typeof budgetCents === 'number' ? { budgetCents } : {}),
  };
}
