import { ForbiddenError } from '@casl/ability';
import type { Analytics, AnalyticsPeers } from '../../shared/contracts/analytics';
import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import type { DB } from '../core/db/schema';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../core/http/require-auth';
import { leadCreditsByQuote, leadCreditsSpent } from '../credits';
import { peersNear } from '../matching';
import { visitTotals } from '../public';
import * as quotes from '../quotes';
import type { MonthBucket, Period } from '../quotes';
import { creditValueCents } from './credit-value';
import { analyticsHints } from './hints';
import { quotesCsv } from './quotes-csv';
import { setupState, type SetupState } from './setup-state';
import { DAY_MS, MINUTE_MS } from '../../shared/time/durations';

/** "How you compare" looks this far from the business's place, and needs this many peers to say anything. */
export const PEER_RADIUS_MILES = 50;
export const MIN_PEERS = 5;

export type AnalyticsDeps = Pick<CoreDeps, 'database' | 'clock'> & { schemas: () => ConfigSnapshot };

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

/**
 * Businesses of the business's categories within `PEER_RADIUS_MILES` (docs/marketplace.md: Analytics, "How you
 * compare") and the share of them it beats; null under `MIN_PEERS`, so no figure points at one.
 */
async function peersOf(db: Kysely<DB>, state: SetupState, period: Period, own: quotes.OwnFigures): Promise<AnalyticsPeers | null> {
  const peerIds = await peersNear(
    db,
    state.vendorId,
    state.categories.map((category) => category.id),
    PEER_RADIUS_MILES,
  );
  if (peerIds.length < MIN_PEERS) return null;
  const standing = await quotes.peerStanding(db, peerIds, period, own);
  return {
    peers: peerIds.length,
    responseTimePercentile: standing.fasterThan === null ? null : standing.fasterThan / peerIds.length,
    winRatePercentile: standing.winsMoreThan === null ? null : standing.winsMoreThan / peerIds.length,
  };
}

/**
 * `GET /api/analytics` (docs/marketplace.md, Analytics): over the last `days` days, the leads the
 * business received, the quotes it sent, how it answered (`responseStats`), the bookings it made
 * (quotes accepted in the period), its win rate (of the quotes sent in the period, those accepted
 * or completed since) and the revenue they won, the credits its leads cost net of refunds, and the
 * same counts per calendar month. Anyone of the business who works its quotes may read it: the
 * credits it shows are the ledger `GET /api/credits` already shows them.
 */
export async function getAnalytics(deps: AnalyticsDeps, auth: AuthContext, days: number): Promise<Analytics> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const db = deps.database.db;
  const period = periodOf(deps, days);
  const months = monthsOf(period);
  const state = await setupState(db, deps.schemas, auth.vendorId);
  const [{ leads, sent, bookings }, creditsSpent, visits, unanswered] = await Promise.all([
    quotes.periodActivity(db, auth.vendorId, period, months),
    leadCreditsSpent(db, auth.vendorId, period),
    visitTotals(db, auth.vendorId, period),
    quotes.unansweredMatches(db, auth.vendorId),
  ]);
  const medianWaitMs = await quotes.medianWait(db, auth.vendorId, period, leads.answered);
  const peers = await peersOf(db, state, period, { medianWaitMs, won: sent.won, sent: sent.sent });
  const { config } = deps.schemas();
  const creditValue = creditValueCents(config.plans);
  const labelOf = (id: string) => config.categories.find((category) => category.id === id)?.label ?? id;
  // The business's categories first (zeros included), then any it received leads in before dropping one.
  const shownCategories = [...new Set([...state.categories.map((category) => category.id), ...leads.byCategory.keys()])];
  return {
    leads: leads.leads,
    quotesSent: sent.sent,
    responseRate: ratio(leads.answered, leads.leads),
    medianResponseMinutes: medianWaitMs === null ? null : Math.round(medianWaitMs / MINUTE_MS),
    winRate: ratio(sent.won, sent.sent),
    revenueWonCents: sent.revenueCents,
    creditsSpent,
    creditsPerBooking: ratio(creditsSpent, bookings.bookings),
    bookings: bookings.bookings,
    byMonth: months.map((month) => ({
      month: month.key,
      leads: leads.byMonth.get(month.index) ?? 0,
      quotesSent: sent.byMonth.get(month.index) ?? 0,
      bookings: bookings.byMonth.get(month.index) ?? 0,
    })),
    profileViews: visits.views,
    quoteClicks: visits.quoteClicks,
    costPerBookingCents: bookings.bookings === 0 ? null : Math.round((creditsSpent * creditValue) / bookings.bookings),
    creditValueCents: creditValue,
    leadsByCategory: shownCategories.map((id) => ({
      categoryId: id,
      label: labelOf(id),
      leads: leads.byCategory.get(id) ?? 0,
      bookings: bookings.byCategory.get(id) ?? 0,
    })),
    peers,
    hints: analyticsHints(state, unanswered),
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
