import { expect, test } from '../support/test';
import { storedSession, signInThroughUi } from '../../support/browser/accounts';

// The e2e server issues access tokens that live 4 seconds (playwright.config.ts), and the vendor
// record is re-read on a navigation once it is 5 seconds old (lib/session/use-vendor-refresh.ts),
// counted from its first answer, which comes a moment after the dashboard's URL shows.
const PAST_EXPIRY_MS = 6_500;

test('when the access token has expired, then navigating refreshes it invisibly', async ({ page }) => {
  // The live stream takes a fresh token of its own when the server's periodic check (once a
  // minute, README: Live updates) ends it for its expired one, which may fall in the wait below:
  // held unanswered here, so that only the navigation can refresh.
  await page.route('**/api/events', () => {});
  await signInThroughUi(page, 'demo@vowly.test', 'wedding-cake-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await storedSession(page);
  await page.waitForTimeout(PAST_EXPIRY_MS);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/jwt/refresh-token') && r.status() === 200);
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await refreshed;
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  const after = await storedSession(page);
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.vendor?.email).toBe('demo@vowly.test');
});

test('when two tabs refresh at the same moment, then both stay signed in', async ({ context }) => {
  const first = await context.newPage();
  await signInThroughUi(first, 'demo@vowly.test', 'wedding-cake-2026');
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto('/reviews');
  await expect(second.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await Promise.all([first.waitForTimeout(PAST_EXPIRY_MS)]);

  // Both tabs ask for the vendor record at once with the same expired token.
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
    expect(session.vendor?.email).toBe('demo@vowly.test');
  }
  // The session goes on in both tabs: reloaded, each reads the vendor with the kept tokens
  // (refreshed by the app when they have expired by then), which a revoked session would answer
  // with a 401 and the sign-in page. Not a refresh sent from the test: that would spend the tabs'
  // token behind their back, and the app's next refresh of it would be reuse, ending the session.
  for (const { tab, url, heading } of pages) {
    await tab.reload();
    await expect(tab.getByRole('heading', { name: heading })).toBeVisible();
    await expect(tab).toHaveURL(url);
    expect((await storedSession(tab)).vendor?.email).toBe('demo@vowly.test');
  }
});

test('when the vendor leaves a page while its refresh is on the way, then the next page is still signed in and the session goes on', async ({ page }) => {
  await signInThroughUi(page, 'demo@vowly.test', 'wedding-cake-2026');
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
  expect(after.vendor?.email).toBe('demo@vowly.test');
  // The session goes on: reloaded, the page reads the vendor with the kept tokens, which a revoked
  // session would answer with a 401 and the sign-in page (see the test above for why not a refresh
  // sent from the test).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page).toHaveURL(/\/reviews$/);
});
