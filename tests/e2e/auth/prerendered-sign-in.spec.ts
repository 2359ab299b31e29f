import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** Holds the app's entry script back until `release()`: the page stays the server's HTML meanwhile. */
async function holdTheBundle(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const tookOver = (page: Page) => expect(page.locator('#sign-in-prerender')).toHaveCount(0);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('when / opens, then the sign-in card is in the page the server sent: brand, heading, fields and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Vowly Pro', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
    await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('status')).toBeHidden();
  });
});

test('when / is requested, then the HTML holds the sign-in card with the fields and the nonce of its response', async ({ page }) => {
  const response = await page.request.get('/');
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
  expect(html).toContain('Welcome back</h1>');
  expect(html).toMatch(/<input [^>]*type="email"[^>]*name="email"/);
  expect(html).toMatch(/<input [^>]*type="password"[^>]*name="password"/);
  expect(html).toContain(`<script nonce="${nonce}">`);
});

test('when the vendor types before the bundle arrives, then the app takes over with the text, the show-password choice and the focus kept', async ({
  page,
}) => {
  const bundle = await holdTheBundle(page);
  // Not waiting for "load" (nor DOMContentLoaded): both wait for the module script held back.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Email' }).pressSequentially('someone@example.com');
  await page.getByLabel('Password', { exact: true }).pressSequentially('wedding');
  await page.getByRole('button', { name: 'Show password' }).click();
  await page.getByLabel('Password', { exact: true }).click();
  await page.keyboard.press('End');

  bundle.release();
  await tookOver(page);
  await expect(page.locator('html')).toHaveAttribute('data-route', 'login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('someone@example.com');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveValue('wedding');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toBeFocused();
  await page.keyboard.type('-cake');
  await expect(password).toHaveValue('wedding-cake');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(1);
});

test('when the vendor presses Sign in before the bundle arrives, then the app signs them in once it has taken over', async ({ page }) => {
  const bundle = await holdTheBundle(page);
  // Not waiting for "load" (nor DOMContentLoaded): both wait for the module script held back.
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@vowly.test');
  await page.getByLabel('Password', { exact: true }).fill('wedding-cake-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  bundle.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('#sign-in-prerender')).toHaveCount(0);
});

test('when a signed-in vendor opens /, then the loading overlay shows instead of the card until the dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@vowly.test');
  await page.getByLabel('Password', { exact: true }).fill('wedding-cake-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const bundle = await holdTheBundle(page);
  // Not waiting for "load" (nor DOMContentLoaded): both wait for the module script held back.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeHidden();
  await expect(page.getByRole('status')).toBeVisible();
  bundle.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('#sign-in-prerender')).toHaveCount(0);
});

test('when the bundle is ready before the whole stylesheet, then the app takes over only once it has loaded, and draws with it', async ({ page }) => {
  // The page inlines only the card's rules; the rest (here: a field's error colour) comes with the stylesheet after the first paint.
  await page.addInitScript(() => {
    const order: string[] = [];
    let cardSeen = false;
    Object.assign(window, { takeoverOrder: order });
    new MutationObserver(() => {
      const card = document.getElementById('sign-in-prerender');
      cardSeen ||= card !== null;
      if (document.querySelector('link[data-deferred-stylesheet="settled"]') && !order.includes('stylesheet')) order.push('stylesheet');
      if (cardSeen && !card && !order.includes('takeover')) order.push('takeover');
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
    await released;
    await route.continue();
  });
  const configLoaded = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/api/config/routes'));
  const bundleLoaded = page.waitForEvent('requestfinished', (request) => /\/assets\/index-[\w-]+\.js$/.test(request.url()));
  await page.goto('/', { waitUntil: 'commit' });
  await Promise.all([configLoaded, bundleLoaded]);
  await expect(page.locator('#sign-in-prerender')).toHaveCount(1);

  release();
  await tookOver(page);
  expect(await page.evaluate(() => (window as unknown as { takeoverOrder: string[] }).takeoverOrder)).toEqual(['stylesheet', 'takeover']);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveCSS('border-color', 'rgb(207, 19, 34)');
});
