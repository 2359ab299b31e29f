import { expect, test } from '../support/test';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('when a baker and a caterer fill in their forms, then each question is asked once: notice in days in business details, about in the profile, Vegan among dietary options', async ({
    page,
    request,
  }, testInfo) => {
    const baker = await aVendor(request, {
      name: 'Once Only Cakes',
      category: 'bakery',
      settings: { formId: 'auto-response-bakery', data: { enabled: true, message: 'Thank you {customer_name}, a quote follows shortly.' } },
    });
    // Notice: in days, in business details, and nowhere in the bakery's settings.
    await signIn(page, baker.email, GOOD_PASSWORD, '/business-details');
    await expect(page.getByLabel('Notice you need before an event (days)')).toBeVisible();
    await expect(page.getByLabel(/Short description/)).toHaveCount(0);
    await page.goto('/update-bakery-settings');
    await expect(page.getByRole('heading', { name: 'Bakery settings' })).toBeVisible();
    await expect(page.getByText(/notice/i)).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'bakery settings');
    await expectAccessible(page, 'bakery settings');
    await keepScreenshot(page, testInfo, 'phone-bakery-settings-without-notice');

    // About: asked in the profile, the text the public page shows.
    await page.goto('/edit-profile');
    await expect(page.getByLabel('About your business')).toBeVisible();

    // Vegan: a dietary option, not a cuisine.
    const caterer = await aVendor(request, { name: 'Once Only Catering', category: 'catering' });
    await page.evaluate(() => localStorage.clear());
    await signIn(page, caterer.email, GOOD_PASSWORD);
    await expect(page).toHaveURL(/\/update-catering-settings$/);
    const field = (label: string) => page.locator('.ant-form-item:not(:has(.ant-form-item))').filter({ has: page.getByText(label, { exact: true }) });
    const cuisines = field('Cuisines');
    const dietary = field('Dietary options');
    await expect(cuisines.getByRole('checkbox', { name: 'Italian' })).toBeVisible();
    await expect(cuisines.getByRole('checkbox', { name: 'Vegan' })).toHaveCount(0);
    await expect(dietary.getByRole('checkbox', { name: 'Vegan' })).toBeVisible();
    await expectAccessible(page, 'catering settings');
  });
});
