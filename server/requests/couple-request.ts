import type { RequestStatus } from '../../shared/contracts/marketplace';
import { jsonObjectOf } from '../core/db/json-column';
import type { QuoteRequestRow } from './requests.table';

/** A couple's request as the other modules read it: the one place a `quote_requests` row becomes an object. */
export interface CoupleRequest {
  id: string;
  categoryId: string;
  /** `YYYY-MM-DD`. */
  eventDate: string;
  /** As the gazetteer writes it ("Austin, TX"). */
  location: string;
  lat: number;
  lng: number;
  guests: number;
  budgetCents: number | null;
  /** The answers to the category's request form (empty when none or unreadable). */
  details: Record<string, unknown>;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  /** Set when the couple asked one vendor from its profile. */
  directVendorId: string | null;
  status: RequestStatus;
  /** Confirmed, and its matching has not started yet (the quotes module runs it as a job). */
  awaitingMatch: boolean;
}

export function toCoupleRequest(row: QuoteRequestRow): CoupleRequest {
  return {
    id: row.id,
    categoryId: row.category_id,
    eventDate: row.event_date,
    location: row.location,
    lat: Number(row.lat),
    lng: Number(row.lng),
    guests: Number(row.guests),
    budgetCents: row.budget_cents === null ? null : Number(row.budget_cents),
    details: jsonObjectOf(row.details),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    directVendorId: row.direct_vendor_id,
    status: row.status,
    awaitingMatch: Number(row.awaiting_match) === 1,
  };
}
