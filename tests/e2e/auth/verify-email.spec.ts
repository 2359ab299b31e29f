import { expect, test } from '../support/test';
import { linkFromOutbox, signInThroughUi } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';

test('when a new vendor has not verified their email, then the shell reminds them, a new link is one click away, and opening it ends the reminder', async ({
  page,
  request,
}) => {
  const owner = await aVendor(request, { name: 'Bluebell Blooms' });
  const welcome = await linkFromOutbox(request, owner.email, '/verify-email/');

  await signInThroughUi(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const reminder = page.getByRole('alert').filter({ hasText: `Please verify ${owner.email}` });
  await expect(reminder).toBeVisible();

  await reminder.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(`We sent a new link to ${owner.email}.`)).toBeVisible();
  await expect.poll(async () => linkFromOutbox(request, owner.email, '/verify-email/')).not.toBe(welcome);
  const fresh = await linkFromOutbox(request, owner.email, '/verify-email/');

  // The welcome link was replaced by the new one.
  await page.goto(welcome);
  await page.getByRole('button', { name: 'Verify my email address' }).click();
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();

  await page.goto(fresh);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify my email address' }).click();
  await expect(page.getByText('Your email address is verified')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Please verify ${owner.email}`)).toHaveCount(0);
});
