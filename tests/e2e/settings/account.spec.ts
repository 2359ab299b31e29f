import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { GOOD_PASSWORD, linkFromOutbox, signInThroughUi, storedSession, uniqueEmail, signIn } from '../../support/browser/accounts';
import { aBusinessWithMember, aVendor } from '../../support/browser/builders';

const NEW_PASSWORD = 'copper-kettle-harbor-58';

/** A florist who finished onboarding (through the API; no compulsory settings screens), signed in and on /settings. */
async function onSettings(page: Page, request: APIRequestContext, businessName: string) {
  const { email } = await aVendor(request, { name: businessName });
  await signIn(page, email, GOOD_PASSWORD, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  return { email };
}

function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('when a vendor changes the password, then the new one signs in and the old one no longer does', async ({ page, request }) => {
  const { email } = await onSettings(page, request, 'Pressed Petals');
  const password = card(page, 'Password');

  await password.getByLabel('Current password').fill('not-my-password-77');
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  // The server's field error lands on the right field.
  const current = password.locator('.ant-form-item').filter({ has: page.getByLabel('Current password') });
  await expect(current.getByText('The password is incorrect.')).toBeVisible();

  await password.getByLabel('Current password').fill(GOOD_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other devices have been signed out.')).toBeVisible();
  // This tab keeps its session with the new tokens: still on settings after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(card(page, 'Password')).toBeVisible();

  await signOut(page);
  await signInThroughUi(page, email, GOOD_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await signIn(page, email, NEW_PASSWORD);
});

test('when a vendor changes the email, then the link mailed to the new address switches the sign-in email', async ({ page, request }) => {
  const { email } = await onSettings(page, request, 'Wildflower Lane');
  const newEmail = uniqueEmail('moved');
  const emailCard = card(page, 'Email');
  await expect(emailCard.getByText(email)).toBeVisible();

  await emailCard.getByLabel('New email').fill(newEmail);
  await emailCard.getByLabel('Password').fill(GOOD_PASSWORD);
  await emailCard.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  await expect(emailCard.getByText(`Check ${newEmail}`)).toBeVisible();

  const link = await linkFromOutbox(request, newEmail, '/confirm-email/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm new email address' }).click();
  await expect(page.getByText('Your email address has been changed')).toBeVisible();
  await expect(page.getByText(`From now on, sign in with ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(card(page, 'Email').getByText(newEmail)).toBeVisible();
  expect((await storedSession(page)).vendor).toMatchObject({ email: newEmail });

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm new email address' }).click();
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();

  await page.goto('/settings');
  await signOut(page);
  await signInThroughUi(page, email, GOOD_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await signIn(page, newEmail, GOOD_PASSWORD);
});

test('when a vendor turns a notification off, then it stays off after a reload', async ({ page, request }) => {
  await onSettings(page, request, 'Peony Parade');
  const weekly = card(page, 'Notifications').getByRole('switch', { name: 'Weekly summary' });
  await expect(weekly).toBeChecked();

  await weekly.click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await expect(weekly).not.toBeChecked();

  await page.reload();
  await expect(card(page, 'Notifications').getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked();
  await expect(card(page, 'Notifications').getByRole('switch', { name: 'Messages' })).toBeChecked();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('when the owner deletes the account, then they land on sign-in with a message and can no longer sign in', async ({ page, request }) => {
    const { email } = await onSettings(page, request, 'Thistle & Thyme');
    // Every card fits the screen: nothing scrolls sideways.
    await expect(card(page, 'Notifications').getByRole('switch')).toHaveCount(4);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const danger = card(page, 'Danger zone');
    await danger.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account for good' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Thistle & Thyme to confirm').fill('Thistle and Thyme');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Thistle & Thyme to confirm').fill('Thistle & Thyme');
    await dialog.getByLabel('Password').fill('not-my-password-77');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    const passwordItem = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('Password') });
    await expect(passwordItem.getByText('The password is incorrect.')).toBeVisible();

    await dialog.getByLabel('Password').fill(GOOD_PASSWORD);
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account has been deleted. We are sorry to see you go.')).toBeVisible();
    expect((await storedSession(page)).accessToken).toBeNull();

    await signInThroughUi(page, email, GOOD_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  });
});

test('when a team member opens settings, then there is no danger zone but their own password, email and notifications', async ({ page, request }) => {
  const { member } = await aBusinessWithMember(request, { name: 'Fern & Fig' });
  const memberEmail = member.email;

  // Where a member lands after signing in (/access-control) is billing-flow.spec.ts's and invitations.spec.ts's.
  await signIn(page, memberEmail, GOOD_PASSWORD, '/settings');
  await expect(card(page, 'Password')).toBeVisible();
  await expect(card(page, 'Email')).toBeVisible();
  await expect(card(page, 'Notifications').getByRole('switch', { name: 'Reviews' })).toBeChecked();
  await expect(card(page, 'Danger zone')).toHaveCount(0);
});
