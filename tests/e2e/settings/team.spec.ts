import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { GOOD_PASSWORD, linkFromOutbox, signInThroughUi, uniqueEmail } from '../support/accounts';

test.describe.configure({ timeout: 60_000 });

/** An onboarded florist business with one team member who joined through the invitation link. */
async function businessWithMember(request: APIRequestContext, businessName: string) {
  const owner = { email: uniqueEmail('owner'), password: GOOD_PASSWORD };
  const registered = await request.post('/api/register', { data: { ...owner, businessName } });
  expect(registered.status()).toBe(201);
  const ownerToken = ((await registered.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${ownerToken}` };
  const onboarded = await request.put('/api/vendor/forms/new-user-step-1', { data: { business_name: businessName, vendor_type_ids: [6], contact_phone: '5550102030', city: 'Austin, TX' }, headers });
  expect(onboarded.status()).toBe(200);
  const member = { email: uniqueEmail('member'), password: GOOD_PASSWORD };
  expect((await request.post('/api/team/invitations', { data: { email: member.email }, headers })).status()).toBe(201);
  const invitation = await linkFromOutbox(request, member.email, '/register-with-token/');
  const joined = await request.post('/api/register-with-token', { data: { token: invitation.split('/').pop(), password: member.password } });
  expect(joined.status()).toBe(201);
  const memberToken = ((await joined.json()) as { data: { accessToken: string } }).data.accessToken;
  return { owner, member, memberToken };
}

function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
}

test('when a team member leaves the team, then a wrong password keeps them, the right one closes their login', async ({ page, request }) => {
  const { member } = await businessWithMember(request, 'Larkspur Blooms');
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/access-control$/);
  await page.goto('/settings');

  const leaveCard = card(page, 'Leave the team');
  await expect(leaveCard).toContainText('Larkspur Blooms');
  await leaveCard.getByRole('button', { name: 'Leave team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Larkspur Blooms?' });
  await dialog.getByLabel('Password').fill('not-the-password-9');
  await dialog.getByRole('button', { name: 'Leave team' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Password').fill(member.password);
  await dialog.getByRole('button', { name: 'Leave team' }).click();

  await expect(page.getByText('You left Larkspur Blooms. Your login is closed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await request.post('/api/login', { data: member })).status()).toBe(401);
});

test('when the owner removes a team member, then the member leaves the list and their session stops working', async ({ page, request }) => {
  const { owner, member, memberToken } = await businessWithMember(request, 'Clover Hill Flowers');
  await signInThroughUi(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');

  const team = card(page, 'Team');
  await expect(team.getByRole('listitem').filter({ hasText: owner.email }).getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await team.getByRole('button', { name: `Remove ${member.email}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();

  await expect(page.getByText(`${member.email} was removed from the team`)).toBeVisible();
  await expect(team.getByText(member.email)).toHaveCount(0);
  expect((await request.get('/api/vendor/me', { headers: { Authorization: `Bearer ${memberToken}` } })).status()).toBe(401);
});
