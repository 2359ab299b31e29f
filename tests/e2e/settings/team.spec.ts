import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signIn } from '../../support/browser/accounts';
import { aBusinessWithMember } from '../../support/browser/builders';
import { answerDialog } from '../support/dialogs';

function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
}

test('when a team member leaves the team, then a wrong password keeps them, the right one closes their login', async ({ page, request }) => {
  const {
    member: { accessToken: _token, ...member },
  } = await aBusinessWithMember(request, { name: 'Larkspur Blooms' });
  await signIn(page, member.email, member.password, '/settings');

  const leaveCard = card(page, 'Leave the team');
  await expect(leaveCard).toContainText('Larkspur Blooms');
  await leaveCard.getByRole('button', { name: 'Leave team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Larkspur Blooms?' });
  await dialog.getByLabel('Password').fill('not-the-password-9');
  await answerDialog(dialog, 'Leave team');
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Password').fill(member.password);
  await answerDialog(dialog, 'Leave team');

  await expect(page.getByText('You left Larkspur Blooms. Your login is closed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await request.post('/api/login', { data: member })).status()).toBe(401);
});

test('when the owner removes a team member, then the member leaves the list and their session stops working', async ({ page, request }) => {
  const {
    owner,
    member: { accessToken: memberToken, ...member },
  } = await aBusinessWithMember(request, { name: 'Clover Hill Flowers' });
  await signIn(page, owner.email, owner.password, '/settings');

  const team = card(page, 'Team');
  await expect(
    team
      .getByRole('listitem')
      .filter({ hasText: owner.email })
      .getByRole('button', { name: /^Remove/ }),
  ).toHaveCount(0);
  await team.getByRole('button', { name: `Remove ${member.email}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();

  await expect(page.getByText(`${member.email} was removed from the team`)).toBeVisible();
  await expect(team.getByText(member.email)).toHaveCount(0);
  expect((await request.get('/api/vendor/me', { headers: { Authorization: `Bearer ${memberToken}` } })).status()).toBe(401);
});
