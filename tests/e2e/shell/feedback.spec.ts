import { expect, test } from '../support/test';
import { GOOD_PASSWORD, openOrigin, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';
import { completeAdmin, openAndSettle, setSession } from '../support/session';

test('when a toast appears, then it has no icon and no close button, stays about 3 s, and a click does not close it', async ({ page, request }) => {
  const { email } = await aVendor(request, { name: 'Toast & Tulip' });
  await signIn(page, email, GOOD_PASSWORD, '/settings');
  await page.getByRole('switch', { name: 'Reviews' }).click();

  const toast = page.locator('.ant-message-notice').filter({ hasText: 'Notification preferences saved' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast.getByRole('img')).toBeHidden();
  await expect(toast.getByRole('button')).toHaveCount(0);
  // A click (without hovering, which pauses the timer) does not close it.
  await toast.dispatchEvent('click');
  await page.waitForTimeout(2_300 - (Date.now() - shownAt));
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 2_500 });
  const gone = Date.now() - shownAt;
  expect(gone).toBeGreaterThan(2_500);
  expect(gone).toBeLessThan(4_500);
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('when a page chunk cannot be downloaded, then "Loading chunk N failed" shows its type, and retry loads the page', async ({ page }) => {
    await openOrigin(page);
    await setSession(page, completeAdmin);
    await openAndSettle(page, '/dashboard');
    let blocked = true;
    await page.route('**/assets/settings-page-*.js', (route) => (blocked ? route.abort('internetdisconnected') : route.fallback()));

    await page.getByRole('menuitem', { name: 'Settings' }).click();

    await expect(page.getByRole('heading', { name: 'Loading chunk settings failed.' })).toBeVisible();
    await expect(page.getByText(/^\(missing: http:\/\/127\.0\.0\.1:\d+\/assets\/settings-page-[\w-]+\.js\)$/)).toBeVisible();
    // The shell stays around the failed page, so the vendor can go elsewhere too.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    blocked = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  });
});

test('when a chunk is gone from the server after a deploy, then the page offers to reload the app first', async ({ page }) => {
  await openOrigin(page);
  await setSession(page, completeAdmin);
  await openAndSettle(page, '/dashboard');
  await page.route('**/assets/settings-page-*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));

  await page.getByRole('menuitem', { name: 'Settings' }).click();

  await expect(page.getByRole('heading', { name: 'Loading chunk settings failed.' })).toBeVisible();
  await expect(page.getByText('A new version of the app was published while this page was open. Reload to get it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the app' })).toHaveClass(/ant-btn-primary/);
  await page.unroute('**/assets/settings-page-*.js');
  await page.getByRole('button', { name: 'Reload the app' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
});
