import type { APIRequestContext } from '@playwright/test';
import { signInThroughUi, storedSession } from '../../support/browser/accounts';
import { aVendor, type Vendor } from '../../support/browser/builders';
import { useOwnServer } from '../support/own-server';
import { expect, test } from '../support/test';

/**
 * Expiry without waiting for it: on a server of this spec's own, whose clock the tests move a day
 * on, the access tokens the browser holds (15 minutes) have expired, and the next page's first
 * request is answered 401. The shared server's clock cannot move: the other worker's tests run on
 * it. The browser's clock is left alone: no wait in the browser is needed.
 */
const PORT = 4219;

test.describe.configure({ mode: 'serial' });

useOwnServer(PORT);

/** A vendor of this server, onboarded (a florist: no settings screen stands before the dashboard). */
function aFlorist(request: APIRequestContext): Promise<Vendor> {
  return aVendor(request, { name: 'Bluebonnet Blooms' });
}

/** The access tokens the browser holds expire: the server's clock a day on. */
async function expireAccessTokens(request: APIRequestContext): Promise<void> {
  const moved = await request.post('/dev/clock', { data: { advanceDays: 1 } });
  expect(moved.status(), await moved.text()).toBe(200);
}

test('when the access token has expired, then navigating refreshes it invisibly', async ({ page, request }) => {
  const florist = await aFlorist(request);
  // The live stream takes a fresh token of its own when the server's periodic check (once a
  // minute, docs/live-updates.md) ends it for its expired one: held unanswered here, so that only
  // the navigation can refresh.
  await page.route('**/api/events', () => {});
  await signInThroughUi(page, florist.email, florist.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await storedSession(page);
  await expireAccessTokens(request);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/jwt/refresh-token') && r.status() === 200);
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await refreshed;
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  const after = await storedSession(page);
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.vendor?.email).toBe(florist.email);
});

test('when two tabs refresh at the same moment, then both stay signed in', async ({ context, request }) => {
  const florist = await aFlorist(request);
  const first = await context.newPage();
  await signInThroughUi(first, florist.email, florist.password);
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto('/reviews');
  await expect(second.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expireAccessTokens(request);

  // Both tabs open a page not opened yet, whose list each asks for at once with the same expired token.
  await Promise.all([first.getByRole('menuitem', { name: 'Messages' }).click(), second.getByRole('menuitem', { name: 'Potential matches' }).click()]);
  const pages = [
    { tab: first, url: /\/messages$/, heading: 'Messages' },
    { tab: second, url: /\/potential-matches$/, heading: 'Potential matches' },
  ];
  for (const { tab, url, heading } of pages) {
    await expect(tab).toHaveURL(url);
    await expect(tab.getByRole('heading', { name: heading })).toBeVisible();
    const session = await storedSession(tab);
    expect(session.refreshToken).toBeTruthy();
    expect(session.vendor?.email).toBe(florist.email);
  }
  // The session goes on in both tabs: reloaded, each reads the vendor with the kept tokens
  // (refreshed by the app when they have expired by then), which a revoked session would answer
  // with a 401 and the sign-in page. Not a refresh sent from the test: that would spend the tabs'
  // token behind their back, and the app's next refresh of it would be reuse, ending the session.
  for (const { tab, url, heading } of pages) {
    await tab.reload();
    await expect(tab.getByRole('heading', { name: heading })).toBeVisible();
    await expect(tab).toHaveURL(url);
    expect((await storedSession(tab)).vendor?.email).toBe(florist.email);
  }
});

test('when the vendor leaves a page while its refresh is on the way, then the next page is still signed in and the session goes on', async ({
  page,
  request,
}) => {
  const florist = await aFlorist(request);
  await signInThroughUi(page, florist.email, florist.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The server rotates the refresh token, but its answer never reaches the page: the vendor is gone first.
  let rotated: (status: number) => void = () => {};
  const serverRotated = new Promise<number>((resolve) => (rotated = resolve));
  await page.route(
    '**/jwt/refresh-token',
    async (route) => {
      const response = await route.fetch();
      rotated(response.status());
    },
    { times: 1 },
  );
  const before = await storedSession(page);
  await page.evaluate(() => localStorage.setItem('vendorAccessToken', 'expired'));
  // A page not opened yet in this test: its list is fetched, gets a 401, and the refresh starts.
  await page.getByRole('menuitem', { name: 'Submitted quotes' }).click();
  expect(await serverRotated).toBe(200);

  // The next page has the old tokens still (the answer never came): its first request gets a 401 and it refreshes again.
  const retried = page.waitForResponse((response) => response.url().endsWith('/jwt/refresh-token'));
  await page.goto('/reviews');

  expect((await retried).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect.poll(async () => (await storedSession(page)).refreshToken).not.toBe(before.refreshToken);
  const after = await storedSession(page);
  expect(after.refreshToken).toBeTruthy();
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.vendor?.email).toBe(florist.email);
  // The session goes on: reloaded, the page reads the vendor with the kept tokens, which a revoked
  // session would answer with a 401 and the sign-in page (see the test above for why not a refresh
  // sent from the test).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page).toHaveURL(/\/reviews$/);
});
