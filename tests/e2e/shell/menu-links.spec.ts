import type { Page } from '@playwright/test';
import { openOrigin } from '../../support/browser/accounts';
import { expect, test } from '../support/test';
import { completeAdmin, openAndSettle, setSession } from '../support/session';

/** Marks the document: a full page load forgets the mark, a client-side route change keeps it. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('when a vendor uses the menu, then every entry is a real link: a plain click routes in the page, a Ctrl-click opens a new tab and the page stays', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openOrigin(page);
  await setSession(page, completeAdmin);
  await openAndSettle(page, '/dashboard');

  const sider = page.locator('.shell__sider');
  const links = sider.getByRole('menuitem').locator('a[href]');
  expect(await links.count()).toBeGreaterThan(5);
  for (const [name, path] of [
    ['Potential matches', '/potential-matches'],
    ['Messages', '/messages'],
    ['Edit profile', '/edit-profile'],
  ] as const) {
    await expect(sider.getByRole('menuitem', { name }).locator('a')).toHaveAttribute('href', path);
  }

  await mark(page);
  await sider.getByRole('menuitem', { name: 'Potential matches' }).click();
  await expect(page).toHaveURL(/\/potential-matches$/);
  expect(await sameDocument(page)).toBe(true);

  // Ctrl-click (or a middle click) is the browser's: a new tab on that page, this one unchanged.
  const [tab] = await Promise.all([context.waitForEvent('page'), sider.getByRole('menuitem', { name: 'Messages' }).click({ modifiers: ['ControlOrMeta'] })]);
  // A new tab starts on about:blank and then navigates: wait for the page it was opened on.
  await tab.waitForURL((url) => url.pathname === '/messages');
  await expect(page).toHaveURL(/\/potential-matches$/);
  expect(await sameDocument(page)).toBe(true);
  await tab.close();

  // The account menu's pages are links too.
  await page.getByRole('button', { name: /Account menu/ }).click();
  const accountMenu = page.locator('.ant-dropdown');
  await expect(accountMenu.getByRole('menuitem', { name: 'Settings' }).locator('a')).toHaveAttribute('href', '/settings');
  await expect(accountMenu.getByRole('menuitem', { name: 'Your access' }).locator('a')).toHaveAttribute('href', /access/);
  await accountMenu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await sameDocument(page)).toBe(true);
});

test('when a page offers a way on as a button, then it is a link a vendor can open in a new tab, and a plain click routes in the page', async ({
  page,
  context,
}) => {
  await openAndSettle(page, '/error-404');
  const home = page.getByRole('link', { name: 'Back to home' });
  await expect(home).toHaveAttribute('href', '/');

  const [tab] = await Promise.all([context.waitForEvent('page'), home.click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForURL((url) => url.pathname === '/');
  await tab.close();

  await mark(page);
  await home.click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
