import { expect, test } from '../support/test';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';

test('when a new bakery lands on its compulsory auto-response, then the screen says why it is needed, and a menu click it bounces back says so too', async ({
  page,
  request,
}, testInfo) => {
  const { email } = await aVendor(request, { name: 'Crumb & Tier', category: 'bakery' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/auto-response\/bakery$/);

  // Why it holds them here and what it does, before they try to leave.
  const why = page.getByRole('region', { name: 'Your instant reply, before Bakery leads arrive' });
  await expect(why).toContainText('When a couple asks you for a wedding cake quote, they get this message from you at once');
  await expect(why).toContainText('Save it (or turn it off) and the rest of your dashboard opens.');
  // One service: nothing to remove.
  await expect(why.getByRole('button', { name: 'Remove this service' })).toHaveCount(0);

  // A click in the menu is sent back here: the page stays, and a toast says why.
  await page.locator('.shell__sider').getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page.getByText('“Messages” opens once you save “Bakery auto-response” on this page.')).toBeVisible();
  await expect(page).toHaveURL(/\/auto-response\/bakery$/);

  // On a phone, through the overlay menu, the same.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('.shell__overlay-menu').getByRole('menuitem', { name: 'Reviews' }).click();
  await expect(page.getByText('“Reviews” opens once you save “Bakery auto-response” on this page.')).toBeVisible();
  await expect(page).toHaveURL(/\/auto-response\/bakery$/);
  await expectNoSidewaysScroll(page, 'compulsory auto-response');
  await expectAccessible(page, 'compulsory auto-response');
  await keepScreenshot(page, testInfo, 'phone-compulsory-bounce');

  // Saved, the screen lets them go.
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
