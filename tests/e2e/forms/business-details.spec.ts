import { expect, test } from '../support/test';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';

test('when an onboarded florist adds catering in business details, then the guard asks for the catering settings next', async ({ page, request }) => {
  const { email } = await aVendor(request, { name: 'Petal & Stem', radiusMiles: 40 });
  await signIn(page, email, GOOD_PASSWORD);

  await page.getByRole('menuitem', { name: 'Business details' }).click();
  await expect(page).toHaveURL(/\/business-details$/);
  await expect(page.getByRole('heading', { name: 'Business details' })).toBeVisible();
  // Onboarding's answers, with the name and services from the business itself.
  await expect(page.getByLabel('Business name')).toHaveValue('Petal & Stem');
  await expect(page.getByLabel('City')).toHaveValue('Austin, TX');
  await expect(page.getByRole('checkbox', { name: 'Florist', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Catering', exact: true })).not.toBeChecked();

  // No service at all is caught on its field.
  await page.getByRole('checkbox', { name: 'Florist', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Choose at least one')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Florist', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Catering', exact: true }).check();
  await page.getByLabel('City').fill('Round Rock, TX');
  await page.getByRole('button', { name: 'Save details' }).click();

  await expect(page.getByText('Your business details are saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/update-catering-settings$/);
  await expect(page.getByRole('heading', { name: 'Catering settings' })).toBeVisible();

  // The new answers are the business's now: reloading the details shows them.
  await page.goto('/business-details');
  await expect(page).toHaveURL(/\/update-catering-settings$/);
});

test('when an onboarded vendor opens /all-forms, then onboarding is listed as business details and opens there', async ({ page, request }) => {
  const { email } = await aVendor(request, { name: 'Wild Bloom Co', radiusMiles: 40 });
  await signIn(page, email, GOOD_PASSWORD, '/all-forms');
  const entry = page.getByRole('listitem').filter({ hasText: 'Business details' });
  await expect(entry.getByText('Complete')).toBeVisible();
  await entry.getByRole('link', { name: 'Edit' }).click();

  await expect(page).toHaveURL(/\/business-details$/);
  await expect(page.getByLabel('Business name')).toHaveValue('Wild Bloom Co');
  // Onboarding itself is behind the vendor now.
  await page.goto('/new-user-step-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});
