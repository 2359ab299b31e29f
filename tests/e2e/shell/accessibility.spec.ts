import type { Page } from '@playwright/test';
import { openOrigin } from '../../support/browser/accounts';
import { expect, test } from '../support/test';
import { seriousViolations, settleAnimations as settle } from '../support/axe';
import { completeAdmin, openAndSettle, setSession } from '../support/session';

/**
 * Public pages every-page.spec.ts does not open (it checks the others, and every signed-in page, in
 * the light and dark skins, at two widths and right to left).
 */
const PUBLIC_PAGES = ['/pages/miscellaneous/not-authorized', '/vendor-profile/7/sweet-tiers'];
/**
 * The dashboard as a made-up session draws it, every widget in its error state (setSession answers
 * the API with 404s), in each skin: every-page.spec.ts sees it only with the demo's data.
 */
const SKINS = ['light', 'bordered', 'semi-dark', 'dark'] as const;

test.describe('axe-core', () => {
  for (const path of PUBLIC_PAGES) {
    test(`when ${path} is checked, then it has no serious or critical accessibility violation`, async ({ page }) => {
      await openAndSettle(page, path);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('when the sign-in page (plain markup, not antd) is checked in the dark skin, then it has no serious or critical accessibility violation', async ({
    page,
  }) => {
    await openOrigin(page);
    await page.evaluate(() => localStorage.setItem('vowly-skin', 'dark'));
    await openAndSettle(page, '/');
    await expect(page.locator('body')).toHaveClass(/dark-layout/);
    // Show the field errors and the alert too, so their colours are checked as well.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const skin of SKINS) {
    test(`when the dashboard is checked in the ${skin} skin, then it has no serious or critical accessibility violation`, async ({ page }) => {
      await openOrigin(page);
      await setSession(page, completeAdmin);
      await page.evaluate((value) => localStorage.setItem('vowly-skin', value), skin);
      await openAndSettle(page, '/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

/** Tabs through the page and returns the accessible names of what took the focus, in order. */
async function tabStops(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    names.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return '(page)';
        if (el.getAttribute('role') === 'menu') return '(menu)';
        return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
      }),
    );
  }
  return names;
}

test.describe('keyboard', () => {
  test('when the vendor uses only the keyboard, then the sign-in form can be filled and sent', async ({ page }) => {
    await openAndSettle(page, '/');
    const stops = await tabStops(page, 8);
    expect(stops).toEqual(expect.arrayContaining(['Sign in', 'Forgot password?', 'Create an account']));
    await page.getByLabel('Email').focus();
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password-1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').first()).toBeVisible();
  });

  test('when the vendor uses only the keyboard, then every control of the shell is reachable and the menu works with arrows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openOrigin(page);
    await setSession(page, completeAdmin);
    await openAndSettle(page, '/dashboard');

    // The account menu is a chunk of its own, drawn after the shell's first paint: counted once it is there.
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
    const stops = await tabStops(page, 6);
    expect(stops).toEqual(expect.arrayContaining(['(menu)', 'Collapse menu', 'Account menu for Sweet Tiers Bakery', 'Open the theme customizer']));

    // The menu is one tab stop; arrows move inside it (to the entry's link) and Enter opens the entry.
    await page.getByRole('menuitem', { name: 'Dashboard' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Potential matches' }).getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/potential-matches$/);

    // The customizer opens from the keyboard and Escape closes it.
    await page.getByRole('button', { name: 'Open the theme customizer' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Theme customizer' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Theme customizer' })).toBeHidden();
  });
});

test.describe('motion', () => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    const asks = reducedMotion === 'reduce';
    test(`when the device ${asks ? 'asks for less motion' : 'states no motion preference'}, then the theme customizer ${asks ? 'opens without moving' : 'slides in'}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      await openOrigin(page);
      await setSession(page, completeAdmin);
      await openAndSettle(page, '/dashboard');
      // Every animation or transition that starts inside a drawer, however late the test looks.
      await page.evaluate(() => {
        const started: string[] = [];
        (window as unknown as { drawerMotion: string[] }).drawerMotion = started;
        for (const type of ['animationstart', 'transitionstart'])
          document.addEventListener(type, (event) => {
            if (event.target instanceof Element && event.target.closest('.ant-drawer')) started.push(type);
          });
      });
      await page.getByRole('button', { name: 'Open the theme customizer' }).click();
      await expect(page.getByRole('dialog', { name: 'Theme customizer' })).toBeVisible();
      const moved = () => page.evaluate(() => (window as unknown as { drawerMotion: string[] }).drawerMotion.length);
      if (asks) expect(await moved()).toBe(0);
      else await expect.poll(moved).toBeGreaterThan(0);
    });
  }
});
