import type { Kysely } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import * as repo from './quotes.repository';

/** What another module may know of a quote: whose it is, whose request, where it stands. */
export interface QuoteFacts {
  id: string;
  requestId: string;
  vendorId: string;
  status: QuoteStatus;
  customerName: string;
  eventDate: string;
}

/** A quote's facts by id, or undefined. */
export async function quoteFacts(db: Kysely<DB>, quoteId: string): Promise<QuoteFacts | undefined> {
  const row = await repo.findQuote(db, quoteId);
  return (
    row && { id: row.id, requestId: row.request_id, vendorId: row.vendor_id, status: row.status, customerName: row.customer_name, eventDate: row.event_date }
  );
}
