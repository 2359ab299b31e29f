import { expect, test } from '../support/test';
import { GOOD_PASSWORD, registerThroughUi, storedSession, uniqueEmail, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';
import { answerDialog } from '../support/dialogs';

test('when a florist ticks catering by mistake, then its compulsory screen offers "Remove this service", and once confirmed the guard lets them go', async ({
  page,
  request,
}) => {
  const { email } = await aVendor(request, { name: 'Thistle & Fern', radiusMiles: 40 });
  await signIn(page, email, GOOD_PASSWORD);

  await page.getByRole('menuitem', { name: 'Business details' }).click();
  await page.getByRole('checkbox', { name: 'Catering', exact: true }).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page).toHaveURL(/\/update-catering-settings$/);
  // Trapped: every other page sends them back here.
  await page.goto('/business-details');
  await expect(page).toHaveURL(/\/update-catering-settings$/);

  await expect(page.getByRole('region', { name: 'Your Catering settings, before leads arrive' })).toContainText('so they decide which leads you get');
  await page.getByRole('button', { name: 'Remove this service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Catering from your services?' });
  await expect(dialog).toBeVisible();
  // Cancel keeps it.
  await answerDialog(dialog, 'Cancel');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/update-catering-settings$/);

  await page.getByRole('button', { name: 'Remove this service' }).click();
  await answerDialog(dialog, 'Remove Catering');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Catering was removed from your services.')).toBeVisible();
  expect((await storedSession(page)).vendor?.category).toEqual([{ vendor_type_id: 6 }]);
  // Free again: business details opens, with catering unticked.
  await page.goto('/business-details');
  await expect(page).toHaveURL(/\/business-details$/);
  await expect(page.getByRole('checkbox', { name: 'Catering', exact: true })).not.toBeChecked();
});

test('when a caterer has only catering, then its compulsory screen does not offer to remove it, and the account menu signs them out at phone width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await registerThroughUi(page, { businessName: 'Only Catering Co', email: uniqueEmail('only'), password: GOOD_PASSWORD });
  await expect(page).toHaveURL(/\/new-user-step-1$/);
  await page.getByRole('checkbox', { name: 'Catering', exact: true }).check();
  await page.getByLabel('Contact phone').fill('5550102030');
  await page.getByLabel('City').fill('Austin, TX');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The save says what was saved in words, not "Tell us about your business saved".
  await expect(page.getByText('Your business details are saved.')).toBeVisible();
  await expect(page.getByText(/Tell us about your business saved/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/update-catering-settings$/);
  await expect(page.getByRole('heading', { name: 'Catering settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove this service' })).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu for Only Catering Co/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedSession(page)).keys).toEqual([]);
});

test('when a new vendor is on onboarding, then they can sign out without finishing it', async ({ page }) => {
  await registerThroughUi(page, { businessName: 'Half Way There', email: uniqueEmail('halfway'), password: GOOD_PASSWORD });
  await expect(page).toHaveURL(/\/new-user-step-1$/);

  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await storedSession(page)).keys).toEqual([]);
});
