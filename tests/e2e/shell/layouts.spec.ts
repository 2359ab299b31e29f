import type { Locator, Page } from '@playwright/test';
import { openOrigin } from '../../support/browser/accounts';
import { expect, test } from '../support/test';
import { keepScreenshot } from '../support/screenshots';
import { completeAdmin, openAndSettle, setSession } from '../support/session';

const SKINS = ['light', 'bordered', 'semi-dark', 'dark'] as const;
const TYPES = ['vertical', 'horizontal'] as const;

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

/** The dashboard of a signed-in owner, with the layout the browser has kept (set before the app starts). */
async function openDashboard(page: Page, layout: Record<string, unknown> & { skin?: string } = {}) {
  await openOrigin(page);
  await setSession(page, completeAdmin);
  await page.evaluate(({ skin, ...rest }) => {
    if (skin) localStorage.setItem('vowly-skin', skin);
    localStorage.setItem('vowly-layout', JSON.stringify(rest));
  }, layout);
  await openAndSettle(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
}

/** Makes the page tall enough to scroll (through the CSSOM: the CSP refuses inline style attributes). */
async function makeTall(page: Page): Promise<void> {
  await page.locator('.shell__content').evaluate((el) => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    el.appendChild(filler);
  });
}

/** A radio of one setting of the customizer (several settings share option names: "Light", "Static"). */
function option(drawer: Locator, setting: string, name: string): Locator {
  return drawer.getByRole('group', { name: setting }).getByRole('radio', { name, exact: true });
}

async function openCustomizer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open the theme customizer' }).click();
  const drawer = page.getByRole('dialog', { name: 'Theme customizer' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe('skins and layout types', () => {
  for (const skin of SKINS) {
    for (const type of TYPES) {
      test(`when the skin is ${skin} and the layout ${type}, then navbar, menu and content do not overlap`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await openDashboard(page, { skin, type });

        // semi-dark darkens the vertical menu only: kept with a horizontal layout it reads as light.
        const shownSkin = skin === 'semi-dark' && type === 'horizontal' ? 'light' : skin;
        await expect(page.locator('html')).toHaveAttribute('data-skin', shownSkin);
        expect(await page.evaluate(() => document.body.classList.contains('dark-layout'))).toBe(shownSkin === 'dark');
        await expect(page.locator('.shell')).toHaveAttribute('data-layout', type);

        const navbar = await boxOf(page.locator('.shell__navbar'));
        const content = await boxOf(page.locator('.shell__content'));
        expect(overlaps(navbar, content), 'navbar over content').toBe(false);
        if (type === 'vertical') {
          const sider = await boxOf(page.locator('.shell__sider'));
          expect(overlaps(sider, content), 'sidebar over content').toBe(false);
          expect(overlaps(sider, navbar), 'sidebar over navbar').toBe(false);
          if (shownSkin === 'semi-dark' || shownSkin === 'dark') await expect(page.locator('.shell__sider')).toHaveClass(/ant-layout-sider-dark/);
        } else {
          await expect(page.locator('.shell__sider')).toHaveCount(0);
          await expect(page.locator('.shell__top-menu').getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await keepScreenshot(page, testInfo, `shell-${skin}-${type}`);
      });
    }
  }

  test('when the skin is dark, then the page is dark before the app has even started (no flash of light)', async ({ page }) => {
    await openDashboard(page, { skin: 'dark' });
    // Hold the app's entry script back: what shows until then is index.html with boot-skin.js alone.
    await page.route('**/assets/index-*.js', () => new Promise(() => undefined));
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.waitForSelector('#app-loading', { state: 'attached' });
    expect(await page.evaluate(() => document.body.classList.contains('dark-layout'))).toBe(true);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 20, 20)');
    await expect(page.locator('.shell')).toHaveCount(0);
  });
});

test.describe('customizer', () => {
  test('when semi-dark is on and the layout switches to horizontal, then the skin becomes light', async ({ page }) => {
    await openDashboard(page);
    const drawer = await openCustomizer(page);
    await option(drawer, 'Skin', 'Semi dark').check();
    await expect(page.locator('.shell__sider')).toHaveClass(/ant-layout-sider-dark/);
    await option(drawer, 'Layout type', 'Horizontal').check();

    await expect(option(drawer, 'Skin', 'Light')).toBeChecked();
    await expect(option(drawer, 'Skin', 'Semi dark')).toBeDisabled();
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'light');
    await expect(page.locator('.shell')).toHaveAttribute('data-layout', 'horizontal');
  });

  test('when settings change in the customizer, then they apply at once, survive a reload, and reset to the defaults', async ({ page }) => {
    await openDashboard(page);
    const drawer = await openCustomizer(page);
    await option(drawer, 'Skin', 'Dark').check();
    await expect(page.locator('body')).toHaveClass(/dark-layout/);
    await option(drawer, 'Content width', 'Boxed').check();
    await option(drawer, 'Navbar type', 'Sticky').check();
    // A swatch is a round label with its radio inside: click the swatch, as a user does.
    await drawer
      .locator('.customizer__swatch')
      .filter({ has: page.getByRole('radio', { name: 'Success', exact: true }) })
      .click();
    await expect(option(drawer, 'Navbar colour', 'Success')).toBeChecked();
    await drawer.getByRole('switch', { name: 'Menu collapsed' }).click();
    await expect(page.locator('.shell__sider')).toHaveClass(/ant-layout-sider-collapsed/);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/dark-layout/);
    await expect(page.locator('.shell__content')).toHaveClass(/shell__content--boxed/);
    await expect(page.locator('.shell')).toHaveClass(/shell--navbar-sticky/);
    await expect(page.locator('.shell__sider')).toHaveClass(/ant-layout-sider-collapsed/);
    const navbarColour = await page.locator('.shell__navbar').evaluate((el) => getComputedStyle(el).backgroundColor);
    // The success colour of the dark theme: green.
    const [red, green, blue] = (navbarColour.match(/\d+/g) ?? []).map(Number);
    expect(green).toBeGreaterThan((red ?? 255) + 50);
    expect(green).toBeGreaterThan((blue ?? 255) + 50);

    const again = await openCustomizer(page);
    await again.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(page.locator('body')).not.toHaveClass(/dark-layout/);
    await expect(page.locator('.shell')).toHaveClass(/shell--navbar-floating/);
    await expect(page.locator('.shell__sider')).not.toHaveClass(/ant-layout-sider-collapsed/);
    expect(await page.evaluate(() => localStorage.getItem('vowly-skin'))).toBeNull();
  });

  test('when right-to-left is switched on, then the layout mirrors: the menu moves to the right', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page);
    const ltrSider = await boxOf(page.locator('.shell__sider'));
    expect(ltrSider.x).toBe(0);
    const drawer = await openCustomizer(page);
    await drawer.getByRole('switch', { name: 'Right to left' }).click();
    await drawer.getByRole('button', { name: 'Close' }).click();

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const sider = await boxOf(page.locator('.shell__sider'));
    const content = await boxOf(page.locator('.shell__content'));
    expect(sider.x).toBeGreaterThan(content.x);
    expect(sider.x + sider.width).toBeCloseTo(1280, -1);
    // The navbar mirrors too: the account menu and the customizer's cog move to the left end.
    const toggle = await boxOf(page.getByRole('button', { name: 'Open the theme customizer' }));
    const account = await boxOf(page.getByRole('button', { name: /^Account menu/ }));
    const search = await boxOf(page.locator('.shell__navbar .navbar-search'));
    expect(account.x).toBeLessThan(toggle.x);
    expect(toggle.x + toggle.width).toBeLessThan(search.x);
    await keepScreenshot(page, testInfo, 'shell-rtl');
  });

  test('when the navbar is hidden, then there is no navbar and the page still has the menu', async ({ page }) => {
    await openDashboard(page, { navbar: { type: 'hidden' } });
    await expect(page.locator('.shell__navbar')).toHaveCount(0);
    await expect(page.locator('.shell__sider').getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('scroll to top', () => {
  test('when switched on, then the button appears only past 250 px and brings the page to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await openDashboard(page, { enableScrollToTop: true });
    await makeTall(page);
    const button = page.getByRole('button', { name: 'Scroll to top' });

    await page.evaluate(() => window.scrollTo(0, 240));
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(button).toBeVisible();

    // Clicked from well past the threshold: a layout shift of a few pixels must not hide it mid-click.
    // The content keeps its distance from the menu and the screen's edge.
    await expect(page.locator('.shell__content')).toHaveCSS('padding-left', '24px');
    await page.evaluate(() => window.scrollTo(0, 900));
    // It floats in the corner of the screen wherever the page is scrolled to.
    const box = await button.boundingBox();
    expect(box && 1280 - (box.x + box.width)).toBeLessThanOrEqual(32);
    expect(box && 600 - (box.y + box.height)).toBeLessThanOrEqual(32);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('when off (the default of docs/specification.md §9), then no button appears however far the page scrolls', async ({ page }) => {
    await openDashboard(page);
    await makeTall(page);
    await page.evaluate(() => window.scrollTo(0, 1000));
    // The scroll's event fires in the next frame; a button it brought would be drawn by the one after.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0);
  });
});

test.describe('at phone width', () => {
  test('when the screen is 375 px wide, then the menu is an overlay that opens, navigates and closes', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openDashboard(page);
    await expect(page.locator('.shell__sider')).toHaveCount(0);
    const content = await boxOf(page.locator('.shell__content'));
    expect(content.x).toBeLessThan(20);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const overlay = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Main menu' }) });
    await expect(overlay).toBeVisible();
    await keepScreenshot(page, testInfo, 'shell-phone-menu');
    await overlay.getByRole('menuitem', { name: 'Reviews' }).click();

    await expect(page).toHaveURL(/\/reviews$/);
    await expect(overlay).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
