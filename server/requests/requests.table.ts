import type { Generated, Selectable } from 'kysely';
import type { RequestStatus } from '../../shared/contracts/marketplace';

/**
 * A customer's request for quotes in one category (docs/marketplace.md). The customer has no
 * account: they act through the signed link mailed to them. Matched once they confirm it.
 * (Created by the quotes module's `011-marketplace`, written before modules owned their tables.)
 */
export interface QuoteRequestsTable {
  id: string;
  category_id: string;
  /** `YYYY-MM-DD`. */
  event_date: string;
  /** As the gazetteer writes it ("Austin, TX"). */
  location: string;
  lat: number;
  lng: number;
  guests: number;
  budget_cents: number | null;
  /** JSON: the answers to the category's request form. */
  details: string;
  details_version: number;
  customer_name: string;
  /** Lower-cased. */
  customer_email: string;
  customer_phone: string | null;
  /** A request sent from a vendor's public profile goes to that vendor only. */
  direct_vendor_id: string | null;
  status: RequestStatus;
  confirmed_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * What the table keeps besides the request as written: `awaiting_match` is 1 from the couple's
 * confirmation until matching has started (the quotes module's job clears it, once), so the
 * couple's page can say vendors are being found; 0 otherwise. Rows written without it (a bulk
 * import of finished history) take the default, 0.
 */
interface MatchState {
  awaiting_match: Generated<number>;
}

export interface RequestsTables {
  quote_requests: QuoteRequestsTable & MatchState;
}

export type QuoteRequestRow = Selectable<RequestsTables['quote_requests']>;

// The module's table joins the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends RequestsTables {}
}
