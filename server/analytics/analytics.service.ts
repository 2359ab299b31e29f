import { ForbiddenError } from '@casl/ability';
import type { Analytics } from '../../shared/contracts/analytics';
import type { CoreDeps } from '../core/deps';
import type { AuthContext } from '../core/http/require-auth';
import { leadCreditsByQuote, leadCreditsSpent } from '../credits';
import * as quotes from '../quotes';
import type { MonthBucket, MonthCounts, Period } from '../quotes';
import { quotesCsv } from './quotes-csv';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` days up to the server clock's now, both ends included. */
function periodOf(deps: Pick<CoreDeps, 'clock'>, days: number): Period {
  const to = deps.clock.now();
  return { from: to - days * DAY_MS, to };
}

/** Every calendar month (UTC) the period overlaps, oldest first, with its `YYYY-MM`. */
function monthsOf(period: Period): (MonthBucket & { key: string })[] {
  const first = new Date(period.from);
  const last = new Date(period.to);
  const count = (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1;
  return Array.from({ length: count }, (_, index) => {
    const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + index, 1);
    return { index, start, key: new Date(start).toISOString().slice(0, 7) };
  });
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
const sum = (counts: MonthCounts): number => [...counts.values()].reduce((total, count) => total + count, 0);

/**
 * `GET /api/analytics` (README: Marketplace, Analytics): over the last `days` days, the leads the
 * business received, the quotes it sent, how it answered (`responseStats`), the bookings it made
 * (quotes accepted in the period), its win rate (of the quotes sent in the period, those accepted
 * or completed since) and the revenue they won, the credits its leads cost net of refunds, and the
 * same counts per calendar month. Anyone of the business who works its quotes may read it: the
 * credits it shows are the ledger `GET /api/credits` already shows them.
 */
export async function getAnalytics(deps: Pick<CoreDeps, 'database' | 'clock'>, auth: AuthContext, days: number): Promise<Analytics> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const period = periodOf(deps, days);
  const months = monthsOf(period);
  const [leads, sent, bookings, won, creditsSpent, response] = await Promise.all([
    quotes.leadsByMonth(db, auth.vendorId, period, months),
    quotes.quotesSentByMonth(db, auth.vendorId, period, months),
    quotes.bookingsByMonth(db, auth.vendorId, period, months),
    quotes.wonOfSent(db, auth.vendorId, period),
    leadCreditsSpent(db, auth.vendorId, period),
    quotes.responseStats(db, auth.vendorId, period.from),
  ]);
  const quotesSent = sum(sent);
  const booked = sum(bookings);
  return {
    leads: sum(leads),
    quotesSent,
    responseRate: response.responseRate,
    medianResponseMinutes: response.medianMinutes,
    winRate: ratio(won.won, quotesSent),
    revenueWonCents: won.revenueCents,
    creditsSpent,
    creditsPerBooking: ratio(creditsSpent, booked),
    bookings: booked,
    byMonth: months.map((month) => ({
      month: month.key,
      leads: leads.get(month.index) ?? 0,
      quotesSent: sent.get(month.index) ?? 0,
      bookings: bookings.get(month.index) ?? 0,
    })),
  };
}

/**
 * `GET /api/analytics/quotes.csv`: a row per lead received in the last `days` days, oldest first,
 * with the credits it cost in the end (spent less refunded, whenever that was).
 */
export async function exportQuotes(deps: Pick<CoreDeps, 'database' | 'clock'>, auth: AuthContext, days: number): Promise<string> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const leads = await quotes.leadsForExport(db, auth.vendorId, periodOf(deps, days));
  const credits = await leadCreditsByQuote(
    db,
    auth.vendorId,
    leads.map((lead) => lead.id),
  );
  return quotesCsv(leads.map((lead) => ({ ...lead, creditsSpent: credits.get(lead.id) ?? 0 })));
}
