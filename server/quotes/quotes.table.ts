import type { Selectable } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';

/** One business's answer to a couple's request (the requests module's): a potential match until it quotes (docs/marketplace.md, Quote lifecycle). */
export interface QuotesTable {
  id: string;
  request_id: string;
  vendor_id: string;
  category_id: string;
  status: QuoteStatus;
  /** The request's, copied: the lists sort and search by them without reading every request. */
  event_date: string;
  customer_name: string;
  price_cents: number | null;
  message: string | null;
  /** JSON: the answers to the category's quote form. */
  details: string | null;
  /** Credits spent to quote (the category's lead cost when matched). */
  lead_cost: number;
  refunded: number;
  closed_reason: 'declined' | 'expired' | 'event-passed' | 'booked-elsewhere' | 'withdrawn' | null;
  decline_reason: string | null;
  vendor_viewed_at: number | null;
  customer_viewed_at: number | null;
  submitted_at: number | null;
  /** The business's first answer (a quote, a decline, a message it wrote; not an auto-response), set once (migration 022). */
  first_response_at: number | null;
  /** When the couple booked it (its `accepted` history row's time), set once (migration 026); the analytics count bookings by it. */
  accepted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Each change of a quote's status, for its history. */
export interface QuoteEventsTable {
  id: string;
  quote_id: string;
  status: QuoteStatus;
  actor: 'vendor' | 'customer' | 'system';
  note: string | null;
  created_at: number;
}

/**
 * Per business, category and UTC day (epoch ms ÷ 86,400,000), what its analytics count of its
 * quotes, kept by triggers on `quotes` (migration 027): leads created that day and those of them
 * answered; quotes sent that day and those of them won, with their prices; quotes booked that day.
 */
export interface QuoteDayCountsTable {
  vendor_id: string;
  category_id: string;
  day: number;
  leads: number;
  answered: number;
  sent: number;
  won: number;
  won_cents: number;
  booked: number;
}

/**
 * A business's quote templates (migration 030): a quote of one category saved under a name, to
 * start the next quote from (docs/marketplace.md, Quote templates).
 */
export interface QuoteTemplatesTable {
  id: string;
  vendor_id: string;
  category_id: string;
  name: string;
  /** The name in lower case: a business has one template of a name per category. */
  name_key: string;
  price_cents: number | null;
  message: string | null;
  /** JSON: the answers to the category's quote form. */
  details: string;
  created_at: number;
  updated_at: number;
}

export interface QuotesTables {
  quotes: QuotesTable;
  quote_events: QuoteEventsTable;
  quote_day_counts: QuoteDayCountsTable;
  quote_templates: QuoteTemplatesTable;
}

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteEventRow = Selectable<QuoteEventsTable>;
export type QuoteTemplateRow = Selectable<QuoteTemplatesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends QuotesTables {}
}
