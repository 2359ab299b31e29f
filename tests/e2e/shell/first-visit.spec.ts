import { expect, test } from '../support/test';
import { GOOD_PASSWORD, registerThroughUi, signInThroughUi, uniqueEmail } from '../../support/browser/accounts';

test('when a vendor has just signed up, then the dashboard welcomes them as new; after signing in again, as back', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await registerThroughUi(page, { businessName: 'Fresh Start Florals', email, password: GOOD_PASSWORD });
  await expect(page).toHaveURL(/\/new-user-step-1$/);
  await page.getByRole('checkbox', { name: 'Florist', exact: true }).check();
  await page.getByLabel('Contact phone').fill('5550102030');
  await page.getByLabel('City').fill('Austin, TX');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome to Vowly Pro, Fresh Start Florals.')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu for Fresh Start Florals/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInThroughUi(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Fresh Start Florals.')).toBeVisible();
});
