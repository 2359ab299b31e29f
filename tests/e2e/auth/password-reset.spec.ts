import { expect, test } from '../support/test';
import { GOOD_PASSWORD, linkFromOutbox, signInThroughUi, uniqueEmail } from '../../support/browser/accounts';

test('when a vendor forgets the password, then the mailed link sets a new one that signs in (once)', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  expect((await request.post('/api/register', { data: { email, password: GOOD_PASSWORD, businessName: 'Forgetful Films' } })).status()).toBe(201);

  await page.goto('/forgot-password');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Reset your password to manage quotes and customer leads.');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Reset link sent')).toBeVisible();

  const link = await linkFromOutbox(request, email, '/reset-password/');
  await page.goto(link);
  await page.getByLabel('New password').fill('a-brand-new-secret-42');
  await page.getByLabel('Confirm password').fill('a-brand-new-secret-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await signInThroughUi(page, email, GOOD_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await signInThroughUi(page, email, 'a-brand-new-secret-42');
  await expect(page).toHaveURL(/\/new-user-step-1$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('New password').fill('yet-another-secret-77');
  await page.getByLabel('Confirm password').fill('yet-another-secret-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
});
