import type { Quote } from '../../shared/contracts/marketplace';
import { jsonObjectOf } from '../core/db/json-column';
import { AppError } from '../core/http/app-error';
import type { CoupleRequest } from '../requests';
import type { QuoteRow } from './quotes.table';

/** The 404 of a quote that is not this business's (or does not exist). */
export function noSuchQuote(): AppError {
  return new AppError(404, 'not-found', 'No quote with that id.');
}

/** A quote's `details` JSON column: null when it has none (a match not quoted yet). */
export function detailsOf(text: string | null): Record<string, unknown> | null {
  return text === null ? null : jsonObjectOf(text);
}

/** Whether the business has quoted (docs/marketplace.md: the customer's email and phone only then). */
export function hasQuoted(row: Pick<QuoteRow, 'submitted_at'>): boolean {
  return row.submitted_at !== null;
}

/** A quote row and its request as the business sees them: the one place rows become the contract's Quote. */
export function toQuote(row: QuoteRow, request: CoupleRequest): Quote {
  const quoted = hasQuoted(row);
  return {
    id: row.id,
    requestId: row.request_id,
    status: row.status,
    category: row.category_id,
    eventDate: row.event_date,
    location: request.location,
    guests: request.guests,
    budgetCents: request.budgetCents,
    details: request.details,
    customer: {
      name: row.customer_name,
      ...(quoted ? { email: request.customerEmail } : {}),
      ...(quoted && request.customerPhone ? { phone: request.customerPhone } : {}),
    },
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    message: row.message,
    quoteDetails: detailsOf(row.details),
    leadCost: Number(row.lead_cost),
    refunded: Number(row.refunded) === 1,
    closedReason: row.closed_reason,
    opened: row.vendor_viewed_at !== null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
