import { ForbiddenError } from '@casl/ability';
import type { UpcomingBookings } from '../../shared/contracts/marketplace';
import { todayOf } from '../../shared/marketplace/calendar-days';
import type { AuthContext } from '../core/http/require-auth';
import { coupleRequests } from '../requests';
import { toQuote } from './quote-row';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';

/** How many bookings the answer lists; the rest are only counted. */
export const UPCOMING_BOOKINGS_LIMIT = 10;

/**
 * `GET /api/quotes/upcoming-bookings`: the business's next booked events from the server's today,
 * soonest first, each with the couple's name, email and phone, and how many more follow. A vendor
 * locked on update-payment-method by a failed payment reads it there: the quote pages are closed
 * to them, but the couples they are booked with still need a call (issue 24).
 */
export async function upcomingBookings(deps: QuotesDeps, auth: AuthContext): Promise<UpcomingBookings> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const today = todayOf(deps.clock.now());
  const [rows, total] = await Promise.all([
    repo.upcomingBookings(db, auth.vendorId, today, UPCOMING_BOOKINGS_LIMIT),
    repo.countUpcomingBookings(db, auth.vendorId, today),
  ]);
  const requests = await coupleRequests(
    db,
    rows.map((row) => row.request_id),
  );
  const data = rows.flatMap((row) => {
    const request = requests.get(row.request_id);
    if (!request) return [];
    const quote = toQuote(row, request);
    return [{ quoteId: quote.id, category: quote.category, eventDate: quote.eventDate, location: quote.location, customer: quote.customer }];
  });
  return { data, more: Math.max(0, total - rows.length) };
}
