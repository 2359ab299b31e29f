import type { Quote } from '../../shared/contracts/marketplace';
import { jsonObjectOf } from '../core/db/json-column';
import type { QuoteWithRequest } from './quotes.repository';

/** A request's or quote's `details` JSON column: null when there are none. */
export function detailsOf(text: string | null): Record<string, unknown> | null {
  return text === null ? null : jsonObjectOf(text);
}

/** Whether the business has quoted (README: Marketplace: the customer's email and phone only then). */
export function hasQuoted(row: Pick<QuoteWithRequest, 'submitted_at'>): boolean {
  return row.submitted_at !== null;
}

/** A quote row as its business sees it: the one place rows become the contract's Quote. */
export function toQuote(row: QuoteWithRequest): Quote {
  const quoted = hasQuoted(row);
  return {
    id: row.id,
    requestId: row.request_id,
    status: row.status,
    category: row.category_id,
    eventDate: row.event_date,
    location: row.location,
    guests: Number(row.guests),
    budgetCents: row.budget_cents === null ? null : Number(row.budget_cents),
    details: detailsOf(row.request_details) ?? {},
    customer: {
      name: row.customer_name,
      ...(quoted ? { email: row.customer_email } : {}),
      ...(quoted && row.customer_phone ? { phone: row.customer_phone } : {}),
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
