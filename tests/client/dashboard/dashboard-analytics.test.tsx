import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import appJson from '../../../schemas/app.json';
import routesJson from '../../../schemas/routes.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import { routesFileSchema, type Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import { DashboardPage } from '../../../client/src/features/dashboard/dashboard-page';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { createFakeServer, heldReply } from '../http-test-server';
import { analyticsFixture, completenessFixture, serveAnalytics } from './analytics-fixtures';

const routes: Route[] = routesFileSchema.parse(routesJson).routes.map((route) => ({ ...route, page: route.page ?? route.name }));
const config = { app: appConfigSchema.parse(appJson), routes, categories: [], table: createRouteTable(routes), guardRules: [] };

function signIn() {
  localStorage.setItem('vendorAccessToken', 'token-1');
  localStorage.setItem('vendorRefreshToken', 'refresh-1');
  localStorage.setItem('vendorData', JSON.stringify({ role: 'admin', business_name: 'Raccoon River Flowers', ability: rulesForRole('admin') }));
}

function serverWith(options: Parameters<typeof serveAnalytics>[1] = {}) {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  serveAnalytics(server, options);
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

const results = () => screen.getByRole('region', { name: 'Your results' });
/** The value a stat card shows under its label. */
const stat = (label: string) => [...results().querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;
/** Waits for the stat cards. */
const loaded = () => within(results()).findByText('Quote clicks');

let original: AxiosAdapter | undefined;

describe('<DashboardPage> analytics and setup', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    signIn();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    http.defaults.adapter = original;
    vi.restoreAllMocks();
  });

  it('when the analytics load, then every stat card shows its figure and each chart has a table of its numbers', async () => {
    serverWith();
    renderDashboard();
    expect(await loaded()).toBeTruthy();
    expect(stat('Leads')).toBe('12');
    expect(stat('Quotes sent')).toBe('9');
    expect(stat('Response rate')).toBe('75%');
    expect(stat('Median response time')).toBe('2 h 10 min');
    expect(stat('Win rate')).toBe('33%');
    expect(stat('Revenue won')).toBe('$4,500');
    expect(stat('Credits spent')).toBe('9');
    expect(stat('Credits per booking')).toBe('3');
    expect(stat('Cost per booking')).toBe('$7.50');
    expect(stat('Profile views')).toBe('140');
    expect(stat('Quote clicks')).toBe('17');

    const byMonth = screen.getByRole('table', { name: 'Leads, quotes and bookings by month, last 30 days' });
    const november = within(byMonth).getByRole('rowheader', { name: 'Nov 2026' }).closest('tr') as HTMLElement;
    expect(
      within(november)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '5', '2']);
    expect(
      within(byMonth)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Leads', 'Quotes sent', 'Bookings']);
    const byCategory = screen.getByRole('table', { name: 'Leads and bookings by category, last 30 days' });
    const florist = within(byCategory).getByRole('rowheader', { name: 'Florist' }).closest('tr') as HTMLElement;
    expect(
      within(florist)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '3']);
    // The drawing itself is hidden from assistive technology, its bars sized by the same numbers.
    expect(document.querySelectorAll('svg[aria-hidden="true"] rect[data-value="7"]').length).toBe(1);
  });

  it('when the vendor picks 90 days, then the analytics of 90 days are read and shown', async () => {
    const server = serverWith({ analytics: (days) => analyticsFixture({ leads: days === 90 ? 41 : 12 }) });
    renderDashboard();
    await loaded();
    expect(stat('Leads')).toBe('12');
    fireEvent.click(within(results()).getByText('90 days'));
    await waitFor(() => expect(stat('Leads')).toBe('41'));
    expect(server.calls.map((call) => call.url)).toContain('/api/analytics?days=90');
    expect(screen.getByRole('table', { name: 'Leads, quotes and bookings by month, last 90 days' })).toBeTruthy();
  });

  it('when the vendor downloads the CSV, then it is fetched with the bearer, shows it is on its way, and is saved as a file', async () => {
    const server = serverWith();
    const csv = heldReply({ status: 200, body: 'id,created\r\n' });
    server.on('/api/analytics/quotes.csv?days=30', csv.handler);
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:quotes';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderDashboard();
    await loaded();
    fireEvent.click(within(results()).getByRole('button', { name: /Download CSV/ }));
    expect(await within(results()).findByRole('button', { name: /Preparing CSV/ })).toBeTruthy();
    csv.release();
    await waitFor(() => expect(clicked).toHaveLength(1));
    const call = server.calls.find((c) => c.url === '/api/analytics/quotes.csv?days=30');
    expect(call?.authorization).toBe('Bearer token-1');
    expect(clicked[0]?.download).toBe('quotes-30d.csv');
    expect(clicked[0]?.href).toBe('blob:quotes');
    expect(await created[0]?.text()).toBe('id,created\r\n');
    expect(await within(results()).findByRole('button', { name: /Download CSV/ })).toBeTruthy();
  });

  it('when the profile is incomplete, then the checklist comes first with its score and a link per missing piece; complete, it is gone', async () => {
    serverWith();
    const { unmount } = renderDashboard();
    const checklist = await screen.findByRole('region', { name: 'Finish setting up your profile' });
    expect(await within(checklist).findByRole('progressbar', { name: 'Profile 40% complete' })).toBeTruthy();
    expect(within(checklist).getByRole('link', { name: 'Save your Florist settings' }).getAttribute('href')).toBe('/update-florist-settings');
    expect(within(checklist).getByRole('link', { name: 'Set up your Florist auto-response' }).getAttribute('href')).toBe('/auto-response/florist');
    expect(within(checklist).queryByRole('link', { name: 'Add your logo' })).toBeNull();
    expect(within(checklist).getByText('Add your logo')).toBeTruthy();
    // First: the results come after it.
    expect(checklist.compareDocumentPosition(results()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();

    serverWith({ completeness: { score: 100, items: completenessFixture.items.map((item) => ({ ...item, done: true })) } });
    renderDashboard();
    await loaded();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Finish setting up your profile' })).toBeNull());
  });

  it('when there are too few peers, then "How you compare" is not shown; with peers, it gives shares and names none', async () => {
    serverWith();
    const { unmount } = renderDashboard();
    await loaded();
    expect(within(results()).queryByText('How you compare')).toBeNull();
    expect(
      within(results())
        .getByRole('link', { name: /Answer your 2 potential matches/ })
        .getAttribute('href'),
    ).toBe('/potential-matches');
    unmount();

    serverWith({ analytics: () => analyticsFixture({ peers: { peers: 6, responseTimePercentile: 0.7, winRatePercentile: null } }) });
    renderDashboard();
    expect(await within(results()).findByText('How you compare')).toBeTruthy();
    expect(within(results()).getByText('You respond faster than 70% of 6 similar businesses within 50 miles.')).toBeTruthy();
    expect(within(results()).getByText('Send a quote to see how your win rate compares with 6 similar businesses within 50 miles.')).toBeTruthy();
  });
});
