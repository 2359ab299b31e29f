import { expect, test } from '../support/test';
import { GOOD_PASSWORD, registerThroughUi, uniqueEmail } from '../../support/browser/accounts';

test('when a hair and makeup artist gives no minimum price, then the form says at least one is needed, and one is enough', async ({ page }) => {
  await registerThroughUi(page, { businessName: 'Glow Studio', email: uniqueEmail('glow'), password: GOOD_PASSWORD });
  await page.getByRole('checkbox', { name: 'Hair & makeup', exact: true }).check();
  await page.getByLabel('Contact phone').fill('5550102030');
  await page.getByLabel('City').fill('Miami, FL');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/update-makeup-settings$/);
  // No stray "Option 1" picker: the rule is validation only.
  await expect(page.getByText('Option 1')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Bridal makeup', exact: true }).check();
  await page.getByRole('textbox', { name: /Minimum people per booking/ }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Give at least one minimum price: hair, makeup or spray tan.')).toBeVisible();
  await expect(page).toHaveURL(/\/update-makeup-settings$/);

  await page.getByRole('textbox', { name: /Makeup: minimum price per person/ }).fill('95');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
