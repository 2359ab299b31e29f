import type { Analytics, Completeness } from '../../../shared/contracts/analytics';

/** The dashboard's analytics as the fake server answers them (30 days unless changed). */
export function analyticsFixture(overrides: Partial<Analytics> = {}): Analytics {
  return {
    leads: 12,
    quotesSent: 9,
    responseRate: 0.75,
    medianResponseMinutes: 130,
    winRate: 1 / 3,
    revenueWonCents: 450_000,
    creditsSpent: 9,
    creditsPerBooking: 3,
    bookings: 3,
    byMonth: [
      { month: '2026-10', leads: 5, quotesSent: 4, bookings: 1 },
      { month: '2026-11', leads: 7, quotesSent: 5, bookings: 2 },
    ],
    profileViews: 140,
    quoteClicks: 17,
    costPerBookingCents: 750,
    creditValueCents: 250,
    leadsByCategory: [{ categoryId: 'florist', label: 'Florist', leads: 12, bookings: 3 }],
    peers: null,
    hints: [{ id: 'unanswered-matches', text: 'Answer your 2 potential matches: couples book the vendors who reply first.', path: '/potential-matches' }],
    ...overrides,
  };
}

/** A profile two of five pieces along. */
export const completenessFixture: Completeness = {
  score: 40,
  items: [
    { id: 'logo', label: 'Add your logo', done: true, path: '/edit-profile' },
    { id: 'photos', label: 'Add at least 5 photos of your work', done: false, path: '/edit-profile' },
    { id: 'about', label: 'Tell couples about your business', done: true, path: '/edit-profile' },
    { id: 'settings-florist', label: 'Save your Florist settings', done: false, path: '/update-florist-settings' },
    { id: 'auto-response-florist', label: 'Set up your Florist auto-response', done: false, path: '/auto-response/florist' },
  ],
};

/** Gives a fake server `/api/analytics?days=30|90|365` and `/api/profile/completeness`. */
export function serveAnalytics(
  server: { on(path: string, handler: () => { status: number; body?: unknown }): void },
  options: { analytics?: (days: number) => Analytics; completeness?: Completeness } = {},
): void {
  for (const days of [30, 90, 365]) {
    server.on(`/api/analytics?days=${String(days)}`, () => ({ status: 200, body: { data: (options.analytics ?? (() => analyticsFixture()))(days) } }));
  }
  server.on('/api/profile/completeness', () => ({ status: 200, body: { data: options.completeness ?? completenessFixture } }));
}
