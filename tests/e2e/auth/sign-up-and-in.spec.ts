import { expect, test } from '../support/test';
import { GOOD_PASSWORD, registerThroughUi, signInThroughUi, storedSession, uniqueEmail } from '../../support/browser/accounts';

test('when a vendor registers, then they are signed in and land on onboarding step 1', async ({ page }) => {
  const email = uniqueEmail();
  await registerThroughUi(page, { businessName: 'Petal & Stem Florals', email, password: GOOD_PASSWORD });
  await expect(page).toHaveURL(/\/new-user-step-1$/);
  await expect(page).toHaveTitle(/^Tell us about your business \| /);
  const session = await storedSession(page);
  expect(session.keys).toEqual(['vendorAccessToken', 'vendorData', 'vendorRefreshExpiresAt', 'vendorRefreshToken']);
  expect(session.vendor).toMatchObject({ email, role: 'admin', business_name: 'Petal & Stem Florals', last_completed_step: 0 });
  expect(session.vendor?.ability).toEqual([{ action: 'manage', subject: 'all' }]);
});

test('when the server refuses the sign-up, then its messages appear on the right fields', async ({ page, request }) => {
  await registerThroughUi(page, { businessName: 'Common Cakes', email: uniqueEmail(), password: 'password123' });
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  const taken = uniqueEmail();
  expect((await request.post('/api/register', { data: { email: taken, password: GOOD_PASSWORD, businessName: 'First' } })).status()).toBe(201);
  await registerThroughUi(page, { businessName: 'Second', email: taken.toUpperCase(), password: GOOD_PASSWORD });
  await expect(page.getByText('An account with this email already exists. Sign in instead.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('when the email is malformed, then the seed message shows before anything is sent', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill('someone@example');
  await page.getByLabel('Business name').click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
});

test('when a vendor signs out and signs in again, then they are back in the app; a wrong password is refused', async ({ page }) => {
  await signInThroughUi(page, 'demo@vowly.test', 'wedding-cake-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu for Sweet Tiers Bakery/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect((await storedSession(page)).keys).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);

  await signInThroughUi(page, 'demo@vowly.test', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await signInThroughUi(page, 'demo@vowly.test', 'wedding-cake-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});
