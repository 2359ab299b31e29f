import { expect, test } from '../support/test';
import { GOOD_PASSWORD, linkFromOutbox, signInThroughUi, storedSession, uniqueEmail } from '../../support/browser/accounts';

test('when the owner invites a teammate, then the link registers a team member with fewer rights', async ({ browser, page, request }) => {
  await signInThroughUi(page, 'demo@vowly.test', 'wedding-cake-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const teammate = uniqueEmail('teammate');
  await page.getByLabel('Email of the person to invite').fill(teammate);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${teammate}`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: teammate })).toBeVisible();

  const link = await linkFromOutbox(request, teammate, '/register-with-token/');
  const guest = await browser.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Join Sweet Tiers Bakery' })).toBeVisible();
  await expect(guest.getByLabel('Email')).toHaveValue(teammate);
  await guest.getByLabel('New password').fill(GOOD_PASSWORD);
  await guest.getByLabel('Confirm password').fill(GOOD_PASSWORD);
  await guest.getByRole('button', { name: 'Join the team' }).click();

  // Home for a team member is access-control, which shows what they may do.
  await expect(guest).toHaveURL(/\/access-control$/);
  await expect(guest.getByText('Team member', { exact: true })).toBeVisible();
  await expect(
    guest.getByText(
      'You can answer quote requests, write to customers, reply to reviews, keep the blackout dates, edit the profile and fill in the business details and settings.',
    ),
  ).toBeVisible();
  await expect(guest.getByText('Billing, the team and closing the account are for the account owner.')).toBeVisible();
  await expect(guest.getByText(/manage Quote/)).toHaveCount(0);
  const member = await storedSession(guest);
  expect(member.vendor).toMatchObject({ email: teammate, role: 'client', business_name: 'Sweet Tiers Bakery' });
  await expect(guest.getByRole('menuitem', { name: 'Change plan' })).toHaveCount(0);
  await guest.goto('/change-plan');
  await expect(guest).toHaveURL(/\/dashboard$/);
  await guest.goto('/settings');
  await expect(guest.getByText('Only the account owner can invite or remove team members.')).toBeVisible();
  // The server enforces it too, not only the screen.
  const signIn = await request.post('/api/login', { data: { email: teammate, password: GOOD_PASSWORD } });
  const { accessToken } = ((await signIn.json()) as { data: { accessToken: string } }).data;
  const forbidden = await request.post('/api/team/invitations', {
    data: { email: uniqueEmail('sneaky') },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(forbidden.status()).toBe(403);

  expect((await request.get(`/api/invitations/${link.split('/').pop()}`)).status()).toBe(404);
  await guest.close();
});
