import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import * as repo from './quotes.repository';

/** An event the business is booked for: a quote the customer accepted (completed once the day has passed). */
export interface BookedEvent {
  quoteId: string;
  /** `YYYY-MM-DD`. */
  date: string;
  customerName: string;
  /** The category's id. */
  category: string;
  status: 'accepted' | 'completed';
}

/**
 * The business's booked events from `range.from` to `range.to` (inclusive; open-ended without
 * `to`), earliest first, at most `limit`. For its calendar: the availability page and feed.
 */
export async function bookedEvents(db: Kysely<DB>, vendorId: string, range: { from: string; to?: string }, limit: number): Promise<BookedEvent[]> {
  const rows = await repo.bookingsBetween(db, vendorId, range.from, range.to ?? null, limit);
  return rows.map((row) => ({
    quoteId: row.id,
    date: row.event_date,
    customerName: row.customer_name,
    category: row.category_id,
    status: row.status === 'completed' ? 'completed' : 'accepted',
  }));
}
