import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ComponentType } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import appJson from '../../../schemas/app.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Category } from '../../../shared/contracts/category';
import type { UpcomingBooking } from '../../../shared/contracts/marketplace';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import { UpcomingBookingsCard } from '../../../client/src/features/billing/components/upcoming-bookings-card';
import UpdatePaymentMethodPage from '../../../client/src/features/billing/update-payment-method-page';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import type { ClientConfig } from '../../../client/src/lib/config/client-config';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import * as session from '../../../client/src/lib/session/session';
import { VISA, billing, billingServer, problem } from './billing-fixtures';

const app = appConfigSchema.parse(appJson);
const route = (name: string, path: string, title: string): Route => ({ name, path, page: name, meta: { title, requiresAuth: true } });
const routes: Route[] = [
  route('dashboard', '/dashboard', 'Dashboard'),
  route('update-payment-method', '/update-payment-method', 'Update payment method'),
  route('login', '/', 'Sign in'),
];
const florist = { id: 'florist', label: 'Florist' } as Category;
const config: ClientConfig = { app, routes, categories: [florist], table: createRouteTable(routes), guardRules: [] };
const BOOKINGS = '/api/quotes/upcoming-bookings';

async function signIn(role: 'admin' | 'client') {
  localStorage.setItem('vendorAccessToken', 'token-1');
  localStorage.setItem('vendorRefreshToken', 'refresh-1');
  localStorage.setItem(
    'vendorData',
    JSON.stringify({ id: 1, role, business_name: 'Lone Star Petals', last_completed_step: 1, payment_status: 'payment_failed', ability: rulesForRole(role) }),
  );
  await (session as { prepareSession?: () => Promise<void> }).prepareSession?.();
}

/** Renders `Page` at /update-payment-method; the other routes render their title. */
function renderAt(Page: ComponentType) {
  const router = createMemoryRouter(
    routes.map((r) => ({ path: r.path, element: r.path === '/update-payment-method' ? <Page /> : <p>{r.meta.title} page</p> })),
    { initialEntries: ['/update-payment-method'] },
  );
  render(
    <ConfigContext.Provider value={config}>
      <AbilityProvider>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AbilityProvider>
    </ConfigContext.Provider>,
  );
  return router;
}

/** The card alone, under the providers it needs. */
function renderCard() {
  return render(
    <ConfigContext.Provider value={config}>
      <QueryClientProvider client={createQueryClient()}>
        <UpcomingBookingsCard />
      </QueryClientProvider>
    </ConfigContext.Provider>,
  );
}

const booking = (overrides: Partial<UpcomingBooking> = {}): UpcomingBooking => ({
  quoteId: 'q1',
  category: 'florist',
  eventDate: '2027-06-12',
  location: 'Austin, TX',
  customer: { name: 'Sam & Alex Rivera', email: 'sam@example.com', phone: '(512) 555-0142' },
  ...overrides,
});

let original: AxiosAdapter | undefined;

beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  http.defaults.adapter = original;
  vi.unstubAllGlobals();
});

describe('<UpcomingBookingsCard> (the booked couples a vendor locked by a failed payment still sees)', () => {
  it('when bookings come, then each shows its day, the couple, what was booked and where, a phone to call and an email to write; a couple without a phone has no call link', async () => {
    await signIn('admin');
    const server = billingServer();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.on(BOOKINGS, async () => {
      await answered;
      return {
        status: 200,
        body: {
          data: [booking(), booking({ quoteId: 'q2', eventDate: '2027-06-19', customer: { name: 'Jo Lin', email: 'jo@example.com' } })],
          more: 0,
        },
      };
    });
    http.defaults.adapter = server.adapter;
    const { container } = renderCard();

    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    answer();
    await screen.findByRole('heading', { name: 'Sam & Alex Rivera' });
    const items = container.querySelectorAll('.upcoming-bookings__item');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Sat, Jun 12, 2027')).toBeTruthy();
    expect(first.getByRole('heading', { level: 4, name: 'Sam & Alex Rivera' })).toBeTruthy();
    expect(first.getByText('Florist · Austin, TX')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Phone: (512) 555-0142' }).getAttribute('href')).toBe('tel:5125550142');
    expect(first.getByRole('link', { name: 'Email: sam@example.com' }).getAttribute('href')).toBe('mailto:sam@example.com');
    const second = within(items[1] as HTMLElement);
    expect(second.getByRole('heading', { name: 'Jo Lin' })).toBeTruthy();
    expect(second.queryByRole('link', { name: /Phone/ })).toBeNull();
    expect(second.getByRole('link', { name: 'Email: jo@example.com' })).toBeTruthy();
    expect(screen.queryByText(/more booking/)).toBeNull();
  });

  it('when more are booked than the answer lists, then it says how many follow, since the rest cannot be opened while locked', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on(BOOKINGS, () => ({ status: 200, body: { data: [booking()], more: 3 } }));
    http.defaults.adapter = server.adapter;
    renderCard();
    expect(await screen.findByText(/^3 more bookings follow after these\. You can see every booking again once the payment goes through\.$/)).toBeTruthy();
  });

  it('when nothing is booked, then it says so', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on(BOOKINGS, () => ({ status: 200, body: { data: [], more: 0 } }));
    http.defaults.adapter = server.adapter;
    renderCard();
    expect(await screen.findByText('You have no upcoming bookings.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('when the bookings cannot be read, then it says so with Try again, and trying again shows them', async () => {
    await signIn('admin');
    const server = billingServer();
    let fail = true;
    server.on(BOOKINGS, () => (fail ? problem(500, 'internal', 'Something went wrong on our side.') : { status: 200, body: { data: [booking()], more: 0 } }));
    http.defaults.adapter = server.adapter;
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your upcoming bookings could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Phone: (512) 555-0142' })).toBeTruthy();
  });
});

describe('<UpdatePaymentMethodPage> while a payment has failed', () => {
  it('when the owner is locked here, then the booked couples show beside the card form, and Sign out signs them out to the sign-in page', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on('/api/billing', () => ({ status: 200, body: { data: billing({ plan: 'starter', status: 'payment_failed', paymentMethod: VISA }) } }));
    server.on(BOOKINGS, () => ({ status: 200, body: { data: [booking()], more: 0 } }));
    server.on('/jwt/logout', () => ({ status: 204 }));
    http.defaults.adapter = server.adapter;
    // The revocation is sent with fetch (keepalive: it outlives the page), not axios.
    vi.stubGlobal('fetch', server.fetch);
    const router = renderAt(UpdatePaymentMethodPage);

    expect(await screen.findByRole('link', { name: 'Phone: (512) 555-0142' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your upcoming bookings' })).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.callsTo('/jwt/logout')).toHaveLength(1);
    expect(localStorage.getItem('vendorAccessToken')).toBeNull();
  });

  it('when a team member is locked here, then they see the booked couples too, under the notice that the owner must pay', async () => {
    await signIn('client');
    const server = billingServer();
    server.on(BOOKINGS, () => ({ status: 200, body: { data: [booking()], more: 0 } }));
    http.defaults.adapter = server.adapter;
    renderAt(UpdatePaymentMethodPage);

    expect(await screen.findByText('The last payment for Lone Star Petals failed')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Email: sam@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });
});
