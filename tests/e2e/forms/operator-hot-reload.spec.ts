import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/test';
import { GOOD_PASSWORD, uniqueEmail } from '../../support/browser/accounts';
import { useOwnServer } from '../support/own-server';

const PHOTO_BOOTH = {
  id: 'photo-booth',
  label: 'Photo booth',
  description: 'Photo booths and selfie stations with props and instant prints.',
  vendorTypeId: 15,
  slugs: { profile: 'photo-booth', quoteDetail: 'photo-booth', autoResponse: 'photo_booth' },
  settings: {
    version: 1,
    title: 'Photo booth settings',
    schema: {
      type: 'object',
      required: ['booth_hourly_rate'],
      properties: {
        booth_hourly_rate: { type: 'number', title: 'Hourly rate (USD)', minimum: 1 },
        instant_prints: { type: 'boolean', title: 'Instant prints included', default: true },
      },
    },
    uiSchema: { 'ui:order': ['booth_hourly_rate', 'instant_prints'] },
  },
  guardRule: { id: 'photo-booth-settings', order: 55, when: { allUnset: ['booth_hourly_rate'] }, redirectTo: 'update-photo-booth-settings' },
};

const server = useOwnServer(4185);

test('when an operator adds a category file to a running server, then a vendor of that category is sent to its new form and saves it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = (await (await request.get(`${server.url}/api/config/categories`)).json()) as { categories: { id: string }[] };
  expect(before.categories.map((c) => c.id)).not.toContain('photo-booth');

  await writeFile(path.join(server.schemasDir, 'categories', 'photo-booth.json'), `${JSON.stringify(PHOTO_BOOTH, null, 2)}\n`);
  await expect
    .poll(async () =>
      ((await (await request.get(`${server.url}/api/config/categories`)).json()) as { categories: { id: string }[] }).categories.map((c) => c.id),
    )
    .toContain('photo-booth');

  await page.goto(`${server.url}/register`);
  await page.getByLabel('Business name').fill('Snap Happy Booths');
  await page.getByLabel('Email').fill(uniqueEmail('booth'));
  await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/new-user-step-1$/);

  await page.getByRole('checkbox', { name: 'Photo booth', exact: true }).check();
  await page.getByLabel('Contact phone').fill('5550102030');
  await page.getByLabel('City').fill('Denver, CO');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/update-photo-booth-settings$/);
  await expect(page.getByRole('heading', { name: 'Photo booth settings' })).toBeVisible();
  await page.getByRole('textbox', { name: /Hourly rate/ }).fill('175');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/all-forms`);
  await expect(page.locator('.ant-list-item').filter({ hasText: 'Photo booth settings' })).toContainText('Complete');
  await expect(page.locator('.ant-list-item').filter({ hasText: 'Photo booth auto-response' })).toContainText('Not started');
});
