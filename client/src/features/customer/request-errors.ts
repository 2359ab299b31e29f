import type { FieldError } from '../../../../shared/contracts/problem';

/** The steps of the request form, in order. */
export const REQUEST_STEPS = ['category', 'details', 'event', 'contact'] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];

/** The event step's field for a body path (the budget is typed in dollars, sent in cents). */
const EVENT_FIELDS: Record<string, string> = { eventDate: 'eventDate', location: 'location', guests: 'guests', budgetCents: 'budget' };

/** A server error placed on a step: the field's name path in that step's form, and the message. */
export interface PlacedError {
  name: string[];
  message: string;
}

/** The server's field errors of a refused request, by the step that shows them. */
export type PlacedErrors = Record<RequestStep, PlacedError[]>;

/**
 * Places the `{ path, message }` errors of `POST /api/public/quote-requests` on the steps that
 * own their fields: `details.*` on the category's questions (the path inside them), the event's
 * fields, `customer.*` on the contact step; anything else (`category`, `vendorId`) on the first.
 */
export function placeRequestErrors(errors: readonly FieldError[]): PlacedErrors {
  const placed: PlacedErrors = { category: [], details: [], event: [], contact: [] };
  for (const { path, message } of errors) {
    const [head = '', ...rest] = path.split('.');
    if (head === 'details' && rest.length > 0) placed.details.push({ name: rest, message });
    else if (head in EVENT_FIELDS) placed.event.push({ name: [EVENT_FIELDS[head] ?? head], message });
    else if (head === 'customer' && rest.length > 0) placed.contact.push({ name: path.split('.'), message });
    else placed.category.push({ name: [path], message });
  }
  return placed;
}

/** The first step with an error, or null. */
export function firstStepWithErrors(placed: PlacedErrors): RequestStep | null {
  return REQUEST_STEPS.find((step) => placed[step].length > 0) ?? null;
}
