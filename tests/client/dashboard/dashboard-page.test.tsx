import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import routesJson from '../../../schemas/routes.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Category } from '../../../shared/contracts/category';
import type { QuoteSummary } from '../../../shared/contracts/marketplace';
import { routesFileSchema, type Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import DashboardPage from '../../../client/src/app/pages/dashboard-page';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { createFakeServer } from '../http-test-server';
import { serveAnalytics } from './analytics-fixtures';

const florist = {
  id: 'florist',
  label: 'Florist',
  serviceName: 'flowers',
  priceLine: 'Wedding flowers start at {price}.',
  vendorTypeId: 6,
  slugs: { profile: 'florist', quoteDetail: 'florist', autoResponse: 'florist' },
  routes: { profile: 'florist-profile', quoteDetail: 'florist-quote-detail', autoResponse: 'auto-response-florist' },
  forms: { autoResponse: 'auto-response-florist', request: 'request-florist', quote: 'quote-florist' },
  leadCost: 1,
} satisfies Category;
const detail: Route = {
  name: 'florist-quote-detail',
  path: '/florist-quote-detail/:id',
  page: 'quote-detail',
  category: 'florist',
  meta: { title: 'Florist quote request', requiresAuth: true },
};
// As the config service serves them: a route without a page key uses its name.
const routes: Route[] = [...routesFileSchema.parse(routesJson).routes.map((route) => ({ ...route, page: route.page ?? route.name })), detail];
const config = { app: appConfigSchema.parse(appJson), routes, categories: [florist], table: createRouteTable(routes), guardRules: [] };

const summary: QuoteSummary = {
  counts: { potential: 5, submitted: 1, accepted: 2, completed: 0, rejected: 0, closed: 3 },
  newMatches: 3,
  upcoming: [
    { id: '6f1c1d64-7a0e-4c53-9d55-0b4b7a1f2c11', category: 'florist', eventDate: '2027-06-12', customerName: 'Ellis Marlowe', location: 'Des Moines, IA' },
  ],
  responseTime: { medianMinutes: 130, responseRate: 0.8, answered: 4, leads: 5 },
};

function signIn(role: 'admin' | 'client' | 'guest') {
  localStorage.setItem('vendorAccessToken', 'token-1');
  localStorage.setItem('vendorRefreshToken', 'refresh-1');
  localStorage.setItem('vendorData', JSON.stringify({ role, business_name: 'Raccoon River Flowers', ability: rulesForRole(role) }));
}

function dashboardServer(answer: QuoteSummary = summary) {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  server.on('/api/quotes/summary', () => ({ status: 200, body: { data: answer } }));
  server.on('/api/credits?limit=50', () => ({ status: 200, body: { data: { balance: 8, entries: [] } } }));
  serveAnalytics(server);
  http.defaults.adapter = server.adapter;
  return server;
}

function renderDashboard() {
  return render(
    <ConfigContext.Provider value={config}>
      <AbilityProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <DashboardPage />
          </MemoryRouter>
        </QueryClientProvider>
      </AbilityProvider>
    </ConfigContext.Provider>,
  );
}

const widget = (name: string) => screen.getByRole('region', { name });

let original: AxiosAdapter | undefined;

describe('<DashboardPage> widgets', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    http.defaults.adapter = original;
  });

  it('when the owner opens the dashboard, then it counts new matches and quotes awaiting the couple, shows the balance with Buy more, and lists the next event linking to its quote', async () => {
    signIn('admin');
    dashboardServer();
    renderDashboard();
    expect(await within(widget('New matches')).findByText('3')).toBeTruthy();
    expect(within(widget('New matches')).getByRole('link', { name: 'See potential matches' }).getAttribute('href')).toBe('/potential-matches');
    expect(within(widget('Awaiting the couple')).getByText('quote sent, waiting for an answer')).toBeTruthy();
    expect(within(widget('Awaiting the couple')).getByRole('link', { name: 'See submitted quotes' }).getAttribute('href')).toBe('/submitted-quotes');
    expect(await within(widget('Credits')).findByText('8')).toBeTruthy();
    expect(within(widget('Credits')).getByRole('link', { name: 'Buy more credits' }).getAttribute('href')).toBe('/buy-more-credits');
    const upcoming = widget('Upcoming events');
    expect(within(upcoming).getByText('Sat, Jun 12, 2027')).toBeTruthy();
    expect(within(upcoming).getByRole('link', { name: 'Ellis Marlowe' }).getAttribute('href')).toBe(`/florist-quote-detail/${summary.upcoming[0]?.id ?? ''}`);
    expect(within(upcoming).getByRole('link', { name: 'See all bookings' }).getAttribute('href')).toBe('/accepted-quotes');
  });

  it('when leads were answered in the last 90 days, then the response time card shows the median wait and the share answered', async () => {
    signIn('admin');
    dashboardServer();
    renderDashboard();
    const card = widget('Response time');
    expect(await within(card).findByText('2 h 10 min')).toBeTruthy();
    expect(within(card).getByText('Median response time')).toBeTruthy();
    expect(within(card).getByText('Response rate')).toBeTruthy();
    expect(within(card).getByText('80%')).toBeTruthy();
    expect(within(card).getByText('4 of 5 leads from the last 90 days answered. Auto-responses do not count.')).toBeTruthy();
  });

  it('when no lead came in the last 90 days, then the response time card says so instead of showing figures', async () => {
    signIn('admin');
    dashboardServer({ ...summary, responseTime: { medianMinutes: null, responseRate: null, answered: 0, leads: 0 } });
    renderDashboard();
    const card = widget('Response time');
    expect(await within(card).findByText(/No leads in the last 90 days yet/)).toBeTruthy();
    expect(within(card).queryByText('Median response time')).toBeNull();
    expect(within(card).queryByText(/%$/)).toBeNull();
  });

  it('when leads came in but none is answered yet, then the rate is 0% and the median says there are no answers yet', async () => {
    signIn('admin');
    dashboardServer({ ...summary, responseTime: { medianMinutes: null, responseRate: 0, answered: 0, leads: 3 } });
    renderDashboard();
    const card = widget('Response time');
    expect(await within(card).findByText('No answers yet')).toBeTruthy();
    expect(within(card).getByText('0%')).toBeTruthy();
    expect(within(card).getByText('0 of 3 leads from the last 90 days answered. Auto-responses do not count.')).toBeTruthy();
  });

  it('when a team member (no billing) opens it, then the balance shows without a way to buy', async () => {
    signIn('client');
    dashboardServer();
    renderDashboard();
    expect(await within(widget('Credits')).findByText('8')).toBeTruthy();
    expect(within(widget('Credits')).queryByRole('link', { name: 'Buy more credits' })).toBeNull();
    expect(within(widget('Credits')).getByText('The account owner buys credits.')).toBeTruthy();
  });

  it('when the vendor may not read quotes, then there are no widgets and nothing is asked of the server', () => {
    signIn('guest');
    const server = dashboardServer();
    renderDashboard();
    expect(screen.getByText('Welcome back, Raccoon River Flowers.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('when the counts cannot be read, then the widgets say so, and Try again reads them', async () => {
    signIn('admin');
    const server = dashboardServer();
    let fail = true;
    server.on('/api/quotes/summary', () => (fail ? { status: 500, body: { title: 'Internal Server Error' } } : { status: 200, body: { data: summary } }));
    renderDashboard();
    const matches = widget('New matches');
    expect(await within(matches).findByText('Your quotes could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(matches).getByRole('button', { name: 'Try again' }));
    expect(await within(matches).findByText('3')).toBeTruthy();
    expect(within(widget('Upcoming events')).getByRole('link', { name: 'Ellis Marlowe' })).toBeTruthy();
  });
});
