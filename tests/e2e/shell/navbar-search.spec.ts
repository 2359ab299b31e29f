import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';

/** A florist who finished onboarding (through the API), signed in on the dashboard. */
async function onTheDashboard(page: Page, request: APIRequestContext, name: string): Promise<void> {
  const { email } = await aVendor(request, { name });
  await signIn(page, email, GOOD_PASSWORD);
}

/** Holds GET /api/vendor/forms until `release` is called, so the loading state can be seen. */
async function holdFormsList(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/vendor/forms', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('when a vendor searches the navbar, then the forms load with "Loading...", match what they type with their state, and a choice opens it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await onTheDashboard(page, request, 'Petal Search Co');
  const release = await holdFormsList(page);

  // "/" focuses the search from anywhere outside a text field.
  const search = page.getByRole('combobox', { name: 'Go to a page or form' });
  await expect(search).toBeVisible();
  await page.locator('body').press('/');
  await expect(search).toBeFocused();
  await search.pressSequentially('florist set');
  const popup = page.locator('.navbar-search__popup');
  await expect(popup.getByText('Loading...', { exact: true })).toBeVisible();

  release();
  const florist = popup.getByRole('option', { name: /Florist settings/ });
  await expect(florist).toBeVisible();
  await expect(florist).toContainText('Not started');
  await expect(popup.getByText('Loading...', { exact: true })).toHaveCount(0);
  await florist.click();
  await expect(page).toHaveURL(/\/update-florist-settings$/);
  await expect(page.getByRole('heading', { name: 'Florist settings' })).toBeVisible();

  // Pages of the menu are there too; a search that matches nothing says so.
  await search.click();
  await search.pressSequentially('all forms');
  await expect(popup.getByRole('option', { name: 'All forms' })).toBeVisible();
  await search.fill('');
  await search.pressSequentially('zzzz');
  await expect(popup.getByText('Sorry, no matching options.', { exact: true })).toBeVisible();
  await search.press('Escape');

  // A keyboard choice works as well as the mouse.
  await search.click();
  await search.pressSequentially('business details');
  await expect(popup.getByRole('option', { name: /Business details/ })).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/business-details$/);
});

test.describe('forms unavailable', () => {
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('when the forms cannot be loaded, then the search still finds pages, says why forms are missing, and tries again when reopened', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await onTheDashboard(page, request, 'Offline Petals');
    let fail = true;
    await page.route('**/api/vendor/forms', (route) =>
      fail ? route.fulfill({ status: 503, json: { type: 'about:blank', title: 'Service Unavailable', status: 503 } }) : route.continue(),
    );
    const search = page.getByRole('combobox', { name: 'Go to a page or form' });
    const popup = page.locator('.navbar-search__popup');
    await search.click();
    await expect(popup.getByText('Your forms could not be loaded. Close and open the search to try again.')).toBeVisible();
    await expect(popup.getByRole('option', { name: 'Dashboard' })).toBeVisible();
    await search.press('Escape');
    fail = false;
    await search.click();
    await search.pressSequentially('florist');
    await expect(popup.getByRole('option', { name: /Florist settings/ })).toBeVisible();
    await expect(popup.getByText(/could not be loaded/)).toHaveCount(0);
  });
});

test('when the screen is 375 px wide, then the search is in the overlay menu and a choice closes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await onTheDashboard(page, request, 'Pocket Petals');
  await expect(page.getByRole('combobox', { name: 'Go to a page or form' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).first().click();
  const drawer = page.locator('.shell__overlay-menu');
  const search = drawer.getByRole('combobox', { name: 'Go to a page or form' });
  await search.click();
  await search.pressSequentially('florist');
  const florist = page.locator('.navbar-search__popup').getByRole('option', { name: /Florist settings/ });
  await expect(florist).toBeVisible();
  await page.screenshot({ path: 'tests/artifacts/screenshots/search-phone.png' });
  await florist.click();
  await expect(page).toHaveURL(/\/update-florist-settings$/);
  await expect(drawer).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
