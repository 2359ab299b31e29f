import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Category } from '../../../shared/contracts/category';
import type { QuoteListItem } from '../../../shared/contracts/marketplace';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import QuoteListPage from '../../../client/src/features/quotes/quote-list-page';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { LayoutProvider } from '../../../client/src/lib/layout/layout-context';
import { createFakeServer, type FakeReply } from '../http-test-server';

const app = appConfigSchema.parse(appJson);
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
const routes: Route[] = [
  {
    name: 'potential-matches',
    path: '/potential-matches',
    page: 'potential-matches',
    meta: { title: 'Potential matches', requiresAuth: true, resource: 'Quote' },
  },
  { name: 'closed-matches', path: '/closed-matches', page: 'closed-matches', meta: { title: 'Closed matches', requiresAuth: true, resource: 'Quote' } },
  {
    name: 'florist-quote-detail',
    path: '/florist-quote-detail/:id',
    page: 'quote-detail',
    category: 'florist',
    meta: { title: 'Florist quote request', requiresAuth: true },
  },
  { name: 'edit-profile', path: '/edit-profile', page: 'edit-profile', meta: { title: 'Edit profile', requiresAuth: true } },
  { name: 'business-details', path: '/business-details', page: 'business-details', meta: { title: 'Business details', requiresAuth: true } },
];
const config = { app, routes, categories: [florist], table: createRouteTable(routes), guardRules: [] };

function quote(n: number, extra: Partial<QuoteListItem> = {}): QuoteListItem {
  const at = Date.now() - n * 3_600_000;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    requestId: `r-${n}`,
    status: 'potential',
    category: 'florist',
    eventDate: '2027-06-12',
    location: 'Des Moines, IA',
    guests: 120,
    budgetCents: 300_000,
    details: {},
    customer: { name: `Customer ${n}` },
    priceCents: null,
    message: null,
    quoteDetails: null,
    leadCost: 1,
    refunded: false,
    closedReason: null,
    opened: n % 2 === 0,
    createdAt: at,
    updatedAt: at,
    competitors: n,
    ...extra,
  };
}

/** A list API: two pages of potential matches (the cursor "page-2" is the second), a closed match, and the summary's counts. */
function listServer() {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  const lists = { failFirst: false, calls: 0 };
  server.on('/api/quotes/summary', () => ({
    status: 200,
    body: {
      data: {
        counts: { potential: 3, submitted: 0, accepted: 0, completed: 0, rejected: 0, closed: 1 },
        newMatches: 2,
        upcoming: [],
        responseTime: { medianMinutes: null, responseRate: 0, answered: 0, leads: 4 },
      },
    },
  }));
  const answer = (url: string): FakeReply => {
    const query = new URL(url, 'http://test.invalid').searchParams;
    lists.calls += 1;
    if (lists.failFirst && lists.calls === 1) return { status: 500, body: { title: 'Internal Server Error' } };
    if (query.get('q')) return { status: 200, body: { data: [], nextCursor: null } };
    if (query.get('status') === 'closed')
      return { status: 200, body: { data: [quote(9, { status: 'closed', closedReason: 'booked-elsewhere', priceCents: 185_000 })], nextCursor: null } };
    return query.get('cursor') === 'page-2'
      ? { status: 200, body: { data: [quote(3)], nextCursor: null } }
      : { status: 200, body: { data: [quote(1), quote(2)], nextCursor: 'page-2' } };
  };
  // The fake server answers exact paths; a list call's query string makes each one a path of its own.
  http.defaults.adapter = (request) => {
    const url = request.url ?? '';
    if (url.startsWith('/api/quotes?')) server.on(url, () => answer(url));
    return server.adapter(request);
  };
  return lists;
}

function renderList(at: string) {
  const router = createMemoryRouter(
    routes.map((route) => ({ path: route.path, handle: { route }, element: route.page === 'quote-detail' ? <p>Quote page</p> : <QuoteListPage /> })),
    { initialEntries: [at] },
  );
  render(
    <ConfigContext.Provider value={config}>
      <LayoutProvider defaults={app.layout} breakpoints={app.theme.breakpoints}>
        <AbilityProvider>
          <QueryClientProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AbilityProvider>
      </LayoutProvider>
    </ConfigContext.Provider>,
  );
  return router;
}

let original: AxiosAdapter | undefined;

describe('<QuoteListPage>', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
    localStorage.setItem('vendorData', JSON.stringify({ role: 'admin', category: [{ vendor_type_id: 6 }], ability: rulesForRole('admin') }));
    window.innerWidth = 1280;
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    http.defaults.adapter = original;
  });

  it('when the potential matches load, then each row links to its quote, unopened ones are new, and Load more adds the next page', async () => {
    listServer();
    renderList('/potential-matches');
    expect(await screen.findByRole('link', { name: 'Customer 1' })).toBeTruthy();
    const first = screen.getByRole('link', { name: 'Customer 1' }).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Customer 1' }).getAttribute('href')).toBe('/florist-quote-detail/00000000-0000-4000-8000-000000000001');
    expect(within(first).getByText('New')).toBeTruthy();
    expect(within(first).getByText('Only you')).toBeTruthy();
    expect(within(first).getByText('1 hour ago')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Customer 2' }).closest('tr') as HTMLElement).queryByText('New')).toBeNull();
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Customer 3' })).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('when a row is clicked outside its link, then the quote opens', async () => {
    listServer();
    const router = renderList('/potential-matches');
    fireEvent.click(within((await screen.findByRole('link', { name: 'Customer 2' })).closest('tr') as HTMLElement).getByText('Des Moines, IA'));
    expect(router.state.location.pathname).toBe('/florist-quote-detail/00000000-0000-4000-8000-000000000002');
  });

  it('when the list cannot be loaded, then it says so, and Try again loads it', async () => {
    const lists = listServer();
    lists.failFirst = true;
    renderList('/potential-matches');
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Customer 1' })).toBeTruthy();
  });

  it('when a search finds nothing, then the list says so and Clear filters brings the list back', async () => {
    listServer();
    const router = renderList('/potential-matches?q=nobody');
    expect(await screen.findByText('No quotes match these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    expect(await screen.findByRole('link', { name: 'Customer 1' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('when a closed match is listed, then it shows the quoted price and why it closed', async () => {
    listServer();
    renderList('/closed-matches');
    const row = (await screen.findByRole('link', { name: 'Customer 9' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Booked with another vendor')).toBeTruthy();
    expect(within(row).getByText('$1,850')).toBeTruthy();
    expect(within(row).queryByText('New')).toBeNull();
  });

  it('when the window is phone-narrow, then the quotes are cards, not a table', async () => {
    window.innerWidth = 375;
    listServer();
    renderList('/potential-matches');
    expect(await screen.findByRole('link', { name: 'Customer 1' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Potential matches' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
