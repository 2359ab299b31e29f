import { ForbiddenError } from '@casl/ability';
import { RESPONSE_WINDOW_DAYS, type QuoteSummary } from '../../shared/contracts/marketplace';
import { todayOf } from '../../shared/marketplace/calendar-days';
import { DAY_MS } from '../../shared/time/durations';
import type { AuthContext } from '../core/http/require-auth';
import { coupleRequests } from '../requests';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import { responseStats } from './response-time';

/** How many upcoming bookings the summary lists. */
const UPCOMING = 5;

/** `GET /api/quotes/summary`: counts per list, new matches (not opened yet), the next booked events, and the response time of the last 90 days. */
export async function quoteSummary(deps: QuotesDeps, auth: AuthContext): Promise<QuoteSummary> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const now = deps.clock.now();
  const [{ counts, unopened }, upcoming, responseTime] = await Promise.all([
    repo.quoteCounts(db, auth.vendorId),
    repo.upcomingBookings(db, auth.vendorId, todayOf(now), UPCOMING),
    responseStats(db, auth.vendorId, now - RESPONSE_WINDOW_DAYS * DAY_MS),
  ]);
  const requests = await coupleRequests(
    db,
    upcoming.map((row) => row.request_id),
  );
  const all = Object.fromEntries(
    (['potential', 'submitted', 'accepted', 'completed', 'rejected', 'closed'] as const).map((status) => [status, counts.get(status) ?? 0]),
  ) as QuoteSummary['counts'];
  return {
    counts: all,
    newMatches: unopened,
    upcoming: upcoming.map((row) => ({
      id: row.id,
      category: row.category_id,
      eventDate: row.event_date,
      customerName: row.customer_name,
      location: requests.get(row.request_id)?.location ?? '',
    })),
    responseTime,
  };
}
