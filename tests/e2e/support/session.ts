import type { Page } from '@playwright/test';

/** A vendor record as the client stores it under `vendorData`. */
export type VendorState = Record<string, unknown> | null;

const stubbed = new WeakMap<Page, { vendor: VendorState }>();

/**
 * Puts a made-up session into localStorage (or clears it for `null`). The server knows nothing
 * of made-up sessions, so the signed-in API is answered here: GET /api/vendor/me with the same
 * record, anything else with a 404 (pages show their error state; a 401 would end the session
 * mid-test). The tests using this check the client's guard against a given vendor state; flows
 * with real accounts (tests/e2e/auth, forms, settings, profile) do not use it.
 */
export async function setSession(page: Page, vendor: VendorState): Promise<void> {
  let state = stubbed.get(page);
  if (!state) {
    state = { vendor };
    stubbed.set(page, state);
    const current = state;
    // On the whole browser context: a tab the page opens (a Ctrl-click on a menu link) shares its
    // localStorage, and the server answering that tab's requests would end the made-up session
    // in both (a refused refresh signs every tab out).
    await page.context().route(/\/api\/(?!config\/|auth\/options)/, (route) => {
      if (new URL(route.request().url()).pathname === '/api/vendor/me' && current.vendor) return route.fulfill({ json: { data: current.vendor } });
      if (!current.vendor) return route.fulfill({ status: 401, json: { type: '/problems/unauthorized', title: 'Unauthorized', status: 401 } });
      return route.fulfill({ status: 404, json: { type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'Not served in guard tests' } });
    });
  }
  state.vendor = vendor;
  await page.evaluate((record) => {
    localStorage.clear();
    if (record) {
      localStorage.setItem('vendorAccessToken', 'e2e-access-token');
      localStorage.setItem('vendorRefreshToken', 'e2e-refresh-token');
      localStorage.setItem('vendorData', JSON.stringify(record));
    }
  }, vendor);
}

async function settled(page: Page): Promise<{ pathname: string; route: string }> {
  await page.waitForFunction(() => Boolean(document.documentElement.dataset.route) && document.getElementById('app-loading')?.hidden === true);
  return page.evaluate(() => ({ pathname: window.location.pathname, route: document.documentElement.dataset.route ?? '' }));
}

/** Loads `path` afresh and waits until the router has settled on the page it finally renders. */
export async function openAndSettle(page: Page, path: string): Promise<{ pathname: string; route: string }> {
  await page.goto(path);
  return settled(page);
}

/**
 * Navigates inside the running app, as a link or the back button would (the router runs the
 * guard again), and waits for the page it finally renders.
 */
export async function navigateInApp(page: Page, path: string): Promise<{ pathname: string; route: string }> {
  await page.evaluate((target) => {
    // Already there: the router has nothing to do (the same path pushed again renders nothing new).
    if (window.location.pathname + window.location.search === target) return;
    delete document.documentElement.dataset.route;
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return settled(page);
}

/** An admin who finished onboarding and has every permission. */
export const completeAdmin = {
  id: 1,
  role: 'admin',
  business_name: 'Sweet Tiers Bakery',
  last_completed_step: 1,
  payment_status: 'active',
  category: [{ vendor_type_id: 6 }],
  ability: [{ action: 'manage', subject: 'all' }],
};
