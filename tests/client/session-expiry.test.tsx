import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import appJson from '../../schemas/app.json';
import { rulesForRole } from '../../shared/ability/roles';
import { appConfigSchema } from '../../shared/contracts/app-config';
import type { Route } from '../../shared/contracts/route';
import { createRouteTable } from '../../shared/routes/route-table';
import { loadHttpLayer } from './http-test-server';
import { guardLoader } from '../../client/src/app/router/guard-loader';
import LoginPage from '../../client/src/features/auth/login-page';
import type { ClientConfig } from '../../client/src/lib/config/client-config';
import { ConfigContext } from '../../client/src/lib/config/config-context';
import { accessTokenExpired } from '../../client/src/lib/session/access-token-expiry';
import { refreshExpiryPassed } from '../../client/src/lib/session/refresh-expiry';
import { clearSession, endExpiredSession, readSession, readSessionEnd, storeSession, storeTokens } from '../../client/src/lib/session/session';

const NOW = Date.UTC(2026, 4, 1, 12);
const DAY_MS = 86_400_000;
const VENDOR = {
  id: 'u1',
  role: 'admin',
  business_name: 'Sweet Tiers Bakery',
  last_completed_step: 1,
  payment_status: 'active',
  category: [{ vendor_type_id: 6 }],
  ability: rulesForRole('admin'),
};

/** A JWT-shaped token whose payload says `exp` (seconds); the client reads it, never verifies it. */
function jwtExpiringAt(expMs: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(expMs / 1000) }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

/** A session as an earlier visit left it in localStorage; `expiresAt` undefined: stored before the expiry was kept. */
function keptSession(expiresAt: number | undefined): void {
  localStorage.setItem('vendorAccessToken', jwtExpiringAt(NOW + 60_000));
  localStorage.setItem('vendorRefreshToken', 'refresh-1');
  localStorage.setItem('vendorData', JSON.stringify(VENDOR));
  if (expiresAt !== undefined) localStorage.setItem('vendorRefreshExpiresAt', String(expiresAt));
}

describe('refreshExpiryPassed', () => {
  it('when the stored end is now or earlier, then it has passed; later, it has not', () => {
    expect(refreshExpiryPassed(String(NOW - 1), NOW)).toBe(true);
    expect(refreshExpiryPassed(String(NOW), NOW)).toBe(true);
    expect(refreshExpiryPassed(String(NOW + 1), NOW)).toBe(false);
  });

  it('when nothing or something other than a time is stored, then it is not known to have passed', () => {
    expect(refreshExpiryPassed(null, NOW)).toBe(false);
    expect(refreshExpiryPassed('', NOW)).toBe(false);
    expect(refreshExpiryPassed('2026-01-01T00:00:00Z', NOW)).toBe(false);
    expect(refreshExpiryPassed('-5', NOW)).toBe(false);
  });
});

describe('accessTokenExpired', () => {
  it("when the token's exp is now or earlier, then it has expired; later, it has not", () => {
    expect(accessTokenExpired(jwtExpiringAt(NOW - 1_000), NOW)).toBe(true);
    expect(accessTokenExpired(jwtExpiringAt(NOW), NOW)).toBe(true);
    expect(accessTokenExpired(jwtExpiringAt(NOW + 1_000), NOW)).toBe(false);
  });

  it('when the token is missing or not a readable JWT, then it is not known to have expired', () => {
    expect(accessTokenExpired(null, NOW)).toBe(false);
    expect(accessTokenExpired('e2e-access-token', NOW)).toBe(false);
    expect(accessTokenExpired('a.%%%.c', NOW)).toBe(false);
    expect(accessTokenExpired(`a.${btoa('{"exp":"soon"}')}.c`, NOW)).toBe(false);
  });
});

describe("the session's end in the session store", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it("when the server's end is already past by this browser's clock (a clock running ahead), then no end is kept and the session stays for the server to judge", () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', refreshExpiresAt: NOW + DAY_MS, vendor: VENDOR });
    vi.setSystemTime(NOW + 40 * DAY_MS);
    storeSession({ accessToken: 'b1', refreshToken: 's1', refreshExpiresAt: NOW + 30 * DAY_MS, vendor: VENDOR });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBeNull();
    expect(endExpiredSession()).toBe(false);
    expect(readSession().hasToken).toBe(true);

    // A refresh answered the same way drops the end it had kept.
    storeTokens({ accessToken: 'b2', refreshToken: 's2', refreshExpiresAt: NOW + 30 * DAY_MS });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBeNull();
  });

  it('when the kept end passes while the tab is open and a refresh then answers with it, then it is kept and the next page ends the session as expired', () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', refreshExpiresAt: NOW + DAY_MS, vendor: VENDOR });
    vi.setSystemTime(NOW + DAY_MS + 1_000);
    storeTokens({ accessToken: 'a2', refreshToken: 'r2', refreshExpiresAt: NOW + DAY_MS });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBe(String(NOW + DAY_MS));
    expect(endExpiredSession()).toBe(true);
    expect(readSessionEnd()).toBe('expired');
  });

  it('when a session starts with its end, then the end is kept beside the tokens; a refresh without one keeps it, a new session replaces it', () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', refreshExpiresAt: NOW + 30 * DAY_MS, vendor: VENDOR });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBe(String(NOW + 30 * DAY_MS));

    storeTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBe(String(NOW + 30 * DAY_MS));
    storeTokens({ accessToken: 'a3', refreshToken: 'r3', refreshExpiresAt: NOW + 31 * DAY_MS });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBe(String(NOW + 31 * DAY_MS));

    storeSession({ accessToken: 'b1', refreshToken: 's1', vendor: VENDOR });
    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBeNull();
  });

  it('when the session is cleared, then its end goes with it', () => {
    storeSession({ accessToken: 'a1', refreshToken: 'r1', refreshExpiresAt: NOW + DAY_MS, vendor: VENDOR });
    clearSession();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(readSessionEnd()).toBeNull();
  });

  it('when the stored end has passed, then the session is cleared before it is read, and the store says it expired', () => {
    keptSession(NOW - 1);

    expect(endExpiredSession(NOW)).toBe(true);

    expect(Object.keys(localStorage)).toEqual([]);
    expect(readSession()).toEqual({ vendor: null, hasToken: false });
    expect(readSessionEnd()).toBe('expired');
    storeSession({ accessToken: 'a1', refreshToken: 'r1', refreshExpiresAt: NOW + DAY_MS, vendor: VENDOR });
    expect(readSessionEnd()).toBeNull();
  });

  it('when the stored end is still ahead, or none was stored (a session from before), then the session is kept', () => {
    keptSession(NOW + 1);
    expect(endExpiredSession(NOW)).toBe(false);
    expect(readSession().hasToken).toBe(true);

    localStorage.clear();
    keptSession(undefined);
    expect(endExpiredSession(NOW)).toBe(false);
    expect(readSession().hasToken).toBe(true);
  });
});

describe("the session's end through a refresh", () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it('when the refresh answer carries the end, then it is stored with the new tokens', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'access-1';
    server.on('/jwt/refresh-token', () => ({
      status: 200,
      body: { data: { accessToken: 'access-1', refreshToken: 'refresh-1', refreshExpiresAt: NOW + DAY_MS } },
    }));

    await http.get('/api/a');

    expect(localStorage.getItem('vendorRefreshExpiresAt')).toBe(String(NOW + DAY_MS));
  });

  it('when the server refuses the refresh, then the session is cleared and the store says it ended (not that it expired)', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'revoked' });
    server.state.accessToken = 'not-yet-issued';
    server.on('/jwt/refresh-token', () => ({ status: 401, body: { title: 'Unauthorized' } }));

    await expect(http.get('/api/a')).rejects.toThrow();

    // The layer was loaded afresh (loadHttpLayer resets the modules): its own session store.
    const store = await import('../../client/src/lib/session/session');
    expect(store.readSessionEnd()).toBe('refused');
    expect(store.readSession().hasToken).toBe(false);
  });
});

describe('opening a page that requires login with a kept session', () => {
  const routes: Route[] = [
    { name: 'login', path: '/', page: 'login', meta: { redirectIfLoggedIn: true, resource: 'Auth', layout: 'full' } },
    { name: 'dashboard', path: '/dashboard', page: 'dashboard', meta: { title: 'Dashboard', requiresAuth: true } },
    // Linked from the sign-in card.
    { name: 'forgot-password', path: '/forgot-password', page: 'forgot-password', meta: { layout: 'full' } },
    { name: 'register', path: '/register', page: 'register', meta: { layout: 'full' } },
  ];
  const config: ClientConfig = {
    app: appConfigSchema.parse(appJson),
    routes,
    categories: [],
    table: createRouteTable(routes),
    guardRules: [],
  };
  let dashboardDrawn = false;
  function Dashboard() {
    dashboardDrawn = true;
    return <h1>Dashboard</h1>;
  }

  function openDashboard() {
    const objects: RouteObject[] = [
      { id: 'login', path: '/', loader: guardLoader(config, routes[0]!, null), Component: LoginPage, handle: { route: routes[0] } },
      { id: 'dashboard', path: '/dashboard', loader: guardLoader(config, routes[1]!, null), Component: Dashboard, handle: { route: routes[1] } },
    ];
    const router = createMemoryRouter(objects, { initialEntries: ['/dashboard'] });
    render(
      <ConfigContext.Provider value={config}>
        <RouterProvider router={router} />
      </ConfigContext.Provider>,
    );
    return router;
  }

  beforeEach(() => {
    localStorage.clear();
    dashboardDrawn = false;
    // The sign-in page asks whether Google sign-in is offered.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { googleClientId: null } })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('when its stored end has passed, then the sign-in page opens at once, saying the session expired, and the dashboard is never drawn', async () => {
    keptSession(Date.now() - 1);

    const router = openDashboard();

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Your session has expired. Sign in again to continue.');
    expect(router.state.location.pathname).toBe('/');
    expect(dashboardDrawn).toBe(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('when its stored end is ahead, or it was stored without one, then the dashboard opens as before', async () => {
    keptSession(Date.now() + DAY_MS);
    openDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    cleanup();

    localStorage.clear();
    keptSession(undefined);
    openDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('when the vendor signed out themselves, then the sign-in page says nothing about an ended session', async () => {
    keptSession(Date.now() + DAY_MS);
    clearSession();

    openDashboard();

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
