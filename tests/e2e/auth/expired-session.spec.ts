import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations, settleAnimations } from '../support/axe';
import { signInThroughUi, storedSession } from '../../support/browser/accounts';
import { aVendor, type Vendor } from '../../support/browser/builders';

const DAY_MS = 86_400_000;
const EXPIRED = 'Your session has expired. Sign in again to continue.';
const ENDED = 'Your session has ended. Sign in again to continue.';

/** From the next page load on, records whether the signed-in shell or a skeleton was ever attached to the document. */
async function watchForShell(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { shell: false, skeleton: false };
    Object.assign(window, { shellSeen: seen });
    new MutationObserver(() => {
      seen.shell ||= document.querySelector('.shell') !== null;
      seen.skeleton ||= document.querySelector('.ant-skeleton') !== null;
    }).observe(document, { subtree: true, childList: true });
  });
}

const shellSeen = (page: Page) => page.evaluate(() => (window as unknown as { shellSeen: { shell: boolean; skeleton: boolean } }).shellSeen);

/** A vendor signed in through the sign-in page, on their dashboard. */
async function signedInVendor(page: Page, vendor: Vendor): Promise<void> {
  await signInThroughUi(page, vendor.email, vendor.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** The stored end of the session (epoch ms). */
const storedExpiry = (page: Page) => page.evaluate(() => Number(localStorage.getItem('vendorRefreshExpiresAt')));

test('when a vendor comes back after their session has ended, then /dashboard opens the sign-in page at once, saying so, and the dashboard is never drawn', async ({
  page,
  request,
}) => {
  await signedInVendor(page, await aVendor(request, { name: 'Juniper Lane Florals' }));
  const expiresAt = await storedExpiry(page);
  expect(expiresAt).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  // The vendor leaves: the dashboard's own timers must not see the clock jump below (its access
  // token, 4 s long here, would be refreshed then, before the page under test even loads).
  await page.goto('about:blank');
  const refreshes: string[] = [];
  page.on('request', (r) => r.url().endsWith('/jwt/refresh-token') && refreshes.push(r.url()));
  await watchForShell(page);

  // A month and a day later, by the browser's clock.
  await page.clock.setFixedTime(expiresAt + DAY_MS);
  await page.goto('/dashboard');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveAttribute('role', 'status');
  expect(await shellSeen(page)).toEqual({ shell: false, skeleton: false });
  // Decided in the browser: the server was not even asked.
  expect(refreshes).toEqual([]);
  expect((await storedSession(page)).keys).toEqual([]);
  await settleAnimations(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('when a vendor comes back to / after their session has ended, then the sign-in card stays on screen (no loading overlay) and says so', async ({
  page,
  request,
}) => {
  await signedInVendor(page, await aVendor(request, { name: 'Marigold Row Flowers' }));
  const expiresAt = await storedExpiry(page);
  // The vendor leaves first: the open dashboard would refresh on the clock jump and store a later end.
  await page.goto('about:blank');

  await page.clock.setFixedTime(expiresAt + DAY_MS);
  await page.goto('/');

  // The server's card is not swapped for the overlay a kept session gets (public/boot-skin.js).
  await expect(page.locator('html')).not.toHaveClass(/boot-signed-in/);
  await expect(page.getByText(EXPIRED)).toHaveAttribute('role', 'status');
  await expect(page.locator('html')).toHaveAttribute('data-route', 'login');
  await expect(page).toHaveURL(/\/$/);
});

test('when the access token has expired and the server refuses the refresh, then the sign-in page opens without drawing the dashboard, saying the session ended', async ({
  page,
  request,
}) => {
  await signedInVendor(page, await aVendor(request, { name: 'Cedar Hollow Blooms' }));
  // A session kept from before its end was stored, since ended on the server (signed out on another device).
  const { refreshToken } = await storedSession(page);
  await page.evaluate(() => {
    localStorage.removeItem('vendorRefreshExpiresAt');
    localStorage.setItem('vowly-skin', 'dark');
  });
  // The vendor leaves first: the open dashboard would hear of the sign-out on its live stream and
  // refresh at once (refused, it clears the session), and its refresh must not be the one awaited below.
  await page.goto('about:blank');
  expect((await request.post('/jwt/logout', { data: { refreshToken } })).status()).toBe(204);
  await watchForShell(page);
  const refused = page.waitForResponse((r) => r.url().endsWith('/jwt/refresh-token'));

  // An hour on by the browser's clock: the access token (4 s on this server) has expired.
  await page.clock.setFixedTime(Date.now() + 60 * 60_000);
  await page.goto('/dashboard');

  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText(ENDED)).toHaveAttribute('role', 'status');
  expect(await shellSeen(page)).toEqual({ shell: false, skeleton: false });
  await expect(page.locator('body')).toHaveClass(/dark-layout/);
  await settleAnimations(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('when a session kept from before comes back with an expired access token, then it is refreshed before the dashboard draws and no request of the page is refused', async ({
  page,
  request,
}) => {
  await signedInVendor(page, await aVendor(request, { name: 'Willow Creek Petals' }));
  await page.evaluate(() => localStorage.removeItem('vendorRefreshExpiresAt'));
  const before = await storedSession(page);
  // The vendor leaves first: the dashboard left open would refresh on the clock jump below and
  // rotate the refresh token under the page under test.
  await page.goto('about:blank');
  await watchForShell(page);
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 401 && refused.push(r.url()));
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/jwt/refresh-token'));
  const credits = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/credits');

  await page.clock.setFixedTime(Date.now() + 60 * 60_000);
  await page.goto('/dashboard');

  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome back, Willow Creek Petals.')).toBeVisible();
  // The dashboard's own requests went out with the renewed token, the first time.
  expect((await credits).status()).toBe(200);
  expect(refused).toEqual([]);
  // The watch sees the shell when it is drawn (the other tests' "never" means something).
  expect((await shellSeen(page)).shell).toBe(true);
  const after = await storedSession(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.vendor?.email).toBe(before.vendor?.email);
});

test('when a tab is left open past the session’s end, then the next page the vendor opens is the sign-in page, saying the session expired', async ({
  page,
  request,
}) => {
  await signedInVendor(page, await aVendor(request, { name: 'Foxglove & Fern' }));
  const expiresAt = await storedExpiry(page);

  await page.clock.setFixedTime(expiresAt + 1_000);
  await page.getByRole('menuitem', { name: 'Messages' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(EXPIRED)).toHaveAttribute('role', 'status');
  expect((await storedSession(page)).keys).toEqual([]);
});
