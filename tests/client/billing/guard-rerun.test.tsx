import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { useLayoutEffect } from 'react';
import { Outlet, RouterProvider, createMemoryRouter, type LoaderFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import appJson from '../../../schemas/app.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Route } from '../../../shared/contracts/route';
import type { VendorRecord } from '../../../shared/contracts/vendor';
import { createRouteTable } from '../../../shared/routes/route-table';
import { guardLoader } from '../../../client/src/app/router/guard-loader';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import type { ClientConfig } from '../../../client/src/lib/config/client-config';
import { useGuardRerun } from '../../../client/src/lib/router/use-guard-rerun';
import * as session from '../../../client/src/lib/session/session';
import { useVendorRefresh } from '../../../client/src/lib/session/use-vendor-refresh';
import { createFakeServer } from '../http-test-server';
import { unmountAndRestoreClock } from '../support/restore-clock';

const app = appConfigSchema.parse(appJson);
const routes: Route[] = [
  { name: 'login', path: '/', page: 'login', meta: { title: 'Sign in', redirectIfLoggedIn: true } },
  { name: 'dashboard', path: '/dashboard', page: 'dashboard', meta: { title: 'Dashboard', requiresAuth: true } },
  {
    name: 'update-payment-method',
    path: '/update-payment-method',
    page: 'update-payment-method',
    meta: { title: 'Update payment method', requiresAuth: true },
  },
  {
    name: 'potential-matches',
    path: '/potential-matches',
    page: 'potential-matches',
    meta: { title: 'Potential matches', requiresAuth: true, resource: 'Quote' },
  },
  { name: 'new-user-step-1', path: '/new-user-step-1', page: 'new-user-step-1', meta: { title: 'Onboarding', requiresAuth: true } },
  { name: 'not-authorized', path: '/not-authorized', page: 'not-authorized', meta: { title: 'Not authorized' } },
];
const config: ClientConfig = { app, routes, categories: [], table: createRouteTable(routes), guardRules: [] };

const owner: VendorRecord = {
  id: 1,
  role: 'admin',
  business_name: 'Lone Star Petals',
  last_completed_step: 1,
  payment_status: 'active',
  category: [{ vendor_type_id: 6 }],
  ability: rulesForRole('admin'),
};

/** A second on the test's clock (installed before the change), with what it starts: a re-run the change scheduled would have run by then. */
async function letTimePass() {
  await act(() => vi.advanceTimersByTimeAsync(1_000));
}

function Rerun() {
  useGuardRerun();
  return <Outlet />;
}

function Refresh() {
  useVendorRefresh();
  return <Outlet />;
}

/** The app's routes under one layout, each guarded as the real router guards them; counts the guard's runs. */
function renderRouter(at: string, Layout: () => React.ReactNode) {
  const runs = { count: 0 };
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: routes.map((route) => {
          const guard = guardLoader(config, route, null);
          const loader: LoaderFunction = (args) => {
            runs.count += 1;
            return guard(args);
          };
          return { path: route.path, loader, element: <p>{route.meta.title}</p> };
        }),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, runs };
}

let original: AxiosAdapter | undefined;

describe('the guard runs again when the vendor record changes a guard field', () => {
  beforeEach(async () => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
    localStorage.setItem('vendorData', JSON.stringify(owner));
    // The app waits for the stored record's check before its first navigation (when the session loads it lazily).
    await (session as { prepareSession?: () => Promise<void> }).prepareSession?.();
  });
  afterEach(() => {
    unmountAndRestoreClock();
    localStorage.clear();
    http.defaults.adapter = original;
  });

  it('when a renewal fails while the vendor is on a page, then the new record moves them to update-payment-method; when it is paid, to the dashboard', async () => {
    const { router } = renderRouter('/potential-matches', Rerun);
    expect(await screen.findByText('Potential matches')).toBeTruthy();
    act(() => session.storeVendor({ ...owner, payment_status: 'payment_failed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-payment-method'));
    act(() => session.storeVendor({ ...owner, payment_status: 'active' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('when a new record is stored as the page is first drawn, before the re-run has subscribed, then the guard still runs again', async () => {
    // A layout effect runs in the commit, before the hook's effect subscribes: the window a record
    // answered in that moment (or a slow machine's late effects) would fall into.
    function StoreWhileDrawing() {
      useLayoutEffect(() => session.storeVendor({ ...owner, payment_status: 'payment_failed' }), []);
      return null;
    }
    function RerunAndStore() {
      useGuardRerun();
      return (
        <>
          <StoreWhileDrawing />
          <Outlet />
        </>
      );
    }
    const { router } = renderRouter('/potential-matches', RerunAndStore);
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-payment-method'));
  });

  it('when the record is stored again with no guard field changed, then the guard does not run again', async () => {
    const { router, runs } = renderRouter('/potential-matches', Rerun);
    expect(await screen.findByText('Potential matches')).toBeTruthy();
    const before = runs.count;
    vi.useFakeTimers();
    act(() => session.storeVendor({ ...owner, business_name: 'Renamed Petals' }));
    act(() => session.storeVendor({ ...owner, business_name: 'Renamed Petals' }));
    await letTimePass();
    expect(runs.count).toBe(before);
    expect(router.state.location.pathname).toBe('/potential-matches');
  });

  it('when the vendor signs out in this tab, then the re-run leaves the navigation to the sign-out', async () => {
    const { router, runs } = renderRouter('/potential-matches', Rerun);
    expect(await screen.findByText('Potential matches')).toBeTruthy();
    const before = runs.count;
    vi.useFakeTimers();
    act(() => session.clearSession());
    await letTimePass();
    expect(runs.count).toBe(before);
    expect(router.state.location.pathname).toBe('/potential-matches');
  });

  it('when the vendor navigates after the clock moved, then the refreshed /api/vendor/me lands them on update-payment-method without another click', async () => {
    const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/api/vendor/me', () => ({ status: 200, body: { data: { ...owner, payment_status: 'payment_failed' } } }));
    http.defaults.adapter = server.adapter;
    const { router } = renderRouter('/potential-matches', Refresh);
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-payment-method'));
    expect(server.callsTo('/api/vendor/me').length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Update payment method')).toBeTruthy();
  });
});
