import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { bearerOf, GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';

/** What the server has stored for the form (null: nothing). */
async function savedData(request: APIRequestContext, email: string, formId: string) {
  const res = await request.get(`/api/vendor/forms/${formId}`, { headers: await bearerOf(request, email) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> | null }).data;
}

/** The error shown under the field labelled `label` (its own form item, not the form's). */
function fieldError(page: Page, label: string) {
  return page
    .getByLabel(label, { exact: true })
    .locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-form-item ')][1]")
    .locator('.ant-form-item-explain-error');
}

test('when a photographer lists packages, then each is a card named from its content with labelled buttons, full width on a phone', async ({
  page,
  request,
}, testInfo) => {
  const { email } = await aVendor(request, { name: 'Golden Hour Studio', category: 'photography' });
  await signIn(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/update-photography-settings$/);

  const packages = page.getByRole('group', { name: 'Packages' });
  // At least one package is asked for, so the list starts with an empty one, named by its place.
  await expect(packages.locator('.array-field__item')).toHaveCount(1);
  await expect(packages.getByText('Package 1', { exact: true })).toBeVisible();
  await packages.getByLabel('Package name').first().fill('Full day');
  await packages.getByLabel('Hours of coverage').first().fill('8');
  await packages.getByLabel('Price (USD)').first().fill('$3,500');
  await expect(packages.getByText('Package 1: Full day')).toBeVisible();
  await packages.getByRole('button', { name: 'Add package' }).click();
  await expect(packages.getByText('Package 2', { exact: true })).toBeVisible();
  await packages.getByLabel('Package name').nth(1).fill('Elopement');
  await expect(packages.getByText('Package 2: Elopement')).toBeVisible();
  // No theme labels like "Packages :" or "Packages-1".
  await expect(packages.getByText(/Packages-\d|Packages :/)).toHaveCount(0);

  await packages.getByRole('button', { name: 'Move package 2 up' }).click();
  await expect(packages.getByText('Package 1: Elopement')).toBeVisible();
  await expect(packages.getByText('Package 2: Full day')).toBeVisible();
  await expect(packages.getByRole('button', { name: 'Move package 1 up' })).toBeDisabled();
  await expect(packages.getByRole('button', { name: 'Move package 2 down' })).toBeDisabled();
  await testInfo.attach('photography packages at 1280 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.setViewportSize({ width: 375, height: 800 });
  const card = packages.locator('.array-field__item').first();
  const nameInput = card.getByLabel('Package name');
  const [cardBox, inputBox] = [await card.boundingBox(), await nameInput.boundingBox()];
  expect(inputBox && cardBox && inputBox.width / cardBox.width).toBeGreaterThan(0.8);
  await testInfo.attach('photography packages at 375 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await packages.getByRole('button', { name: 'Remove package 1' }).click();
  await expect(packages.getByText('Package 1: Full day')).toBeVisible();
  await expect(packages.locator('.array-field__item')).toHaveCount(1);
});

test('when a caterer types numbers as people do, then nothing changes under their eyes: words, too big, negative and sub-cent values are shown as typed with the reason, and nothing is stored', async ({
  page,
  request,
}) => {
  const { email } = await aVendor(request, { name: 'Harbor Feast', category: 'catering' });
  await signIn(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/update-catering-settings$/);

  await page.getByLabel('Minimum guests', { exact: true }).fill('fifty');
  await page.getByLabel('Maximum guests', { exact: true }).fill('9999');
  await page.getByLabel('Event price per head (USD)').fill('-3');
  await page.getByLabel('Wedding price per head (USD)').fill('25.999');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByLabel('Minimum guests', { exact: true })).toHaveValue('fifty');
  await expect(page.getByLabel('Maximum guests', { exact: true })).toHaveValue('9999');
  await expect(page.getByLabel('Event price per head (USD)')).toHaveValue('-3');
  await expect(page.getByLabel('Wedding price per head (USD)')).toHaveValue('25.999');
  await expect(fieldError(page, 'Minimum guests')).toHaveText('Enter a whole number');
  await expect(fieldError(page, 'Maximum guests')).toHaveText('Must be at most 5000');
  await expect(fieldError(page, 'Event price per head (USD)')).toHaveText('Must be at least 1');
  await expect(fieldError(page, 'Wedding price per head (USD)')).toHaveText('Use at most two decimals (whole cents)');
  expect(await savedData(request, email, 'update-catering-settings')).toBeNull();

  // Minimum above maximum is refused on the maximum, naming the minimum.
  await page.getByLabel('Minimum guests', { exact: true }).fill('200');
  await page.getByLabel('Maximum guests', { exact: true }).fill('50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(page, 'Maximum guests')).toHaveText('Must be at least 200 (the minimum guests)');
  expect(await savedData(request, email, 'update-catering-settings')).toBeNull();

  // Written the way people write money, it saves as numbers.
  await page.getByLabel('Maximum guests', { exact: true }).fill('1,200');
  await page.getByLabel('Event price per head (USD)').fill('$45');
  await page.getByLabel('Wedding price per head (USD)').fill('$4,500.50');
  await page.getByRole('checkbox', { name: 'Buffet' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await savedData(request, email, 'update-catering-settings')).toMatchObject({
    catering_min_head_count: 200,
    catering_head_count: 1200,
    price_per_head: 45,
    wedding_catering_price_per_head: 4500.5,
  });
});

test('when a baker says delivery is not available, then the delivery fee goes away and is not saved', async ({ page, request }) => {
  const { email } = await aVendor(request, { name: 'Crumb & Co', category: 'bakery' });
  // The bakery's auto-response comes first; with it done, its settings are free to open.
  const reply = { enabled: true, message: 'Hi {customer_name}, thank you for thinking of us for your {category}!' };
  expect((await request.put('/api/vendor/forms/auto-response-bakery', { headers: await bearerOf(request, email), data: reply })).status()).toBe(200);
  await signIn(page, email, GOOD_PASSWORD, '/update-bakery-settings');
  await expect(page.getByRole('heading', { name: 'Bakery settings' })).toBeVisible();

  await page.getByLabel('Delivery fee (USD)').fill('40');
  await page.getByRole('checkbox', { name: 'Delivery available' }).uncheck();
  await expect(page.getByLabel('Delivery fee (USD)')).toHaveCount(0);

  // A list of choices is a group named by its field, so a screen reader says what is being chosen.
  await page.getByRole('group', { name: 'What you bake' }).getByRole('checkbox', { name: 'Wedding cakes' }).check();
  await page.getByLabel('Starting price per slice (USD)').fill('6.50');
  await page.getByLabel('Minimum order (servings)').fill('50');
  await page.getByLabel('Maximum tiers').fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bakery settings saved')).toBeVisible();
  const saved = await savedData(request, email, 'update-bakery-settings');
  expect(saved).toMatchObject({ delivery_available: false, price_per_slice: 6.5 });
  expect(saved).not.toHaveProperty('delivery_fee');
});

test('when a baker writes an auto-response, then fields are inserted from a menu, unknown ones are named and refused, and the preview reads naturally', async ({
  page,
  request,
}) => {
  const { email } = await aVendor(request, { name: 'Sugar Bloom', category: 'bakery' });
  await signIn(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/auto-response\/bakery$/);

  const preview = page.getByTestId('auto-response-preview');
  await expect(preview).toContainText('considering us for your wedding cake on');
  await expect(preview).not.toContainText('your bakery');

  const message = page.getByLabel('Message', { exact: true });
  await message.fill('Hi {name}, cakes start at {starting_price}. Thank you, ');
  await expect(page.getByText('Not a merge field: {name}, {starting_price}')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(page, 'Message')).toHaveText(
    'Use only these merge fields: {customer_name}, {event_date}, {category}, {guests}, {location}, {business_name}. Check the spelling and the braces.',
  );
  expect(await savedData(request, email, 'auto-response-bakery')).toBeNull();

  await message.fill('Hi , thank you for thinking of us for your {category}!');
  // The cursor after "Hi ", then the menu.
  await message.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(3, 3));
  await page.getByRole('button', { name: 'Insert a merge field' }).click();
  await page.getByRole('menuitem', { name: /The couple's first name/ }).click();
  await expect(message).toHaveValue('Hi {customer_name}, thank you for thinking of us for your {category}!');
  await expect(preview).toContainText('Hi Jordan, thank you for thinking of us for your wedding cake!');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await savedData(request, email, 'auto-response-bakery')).toMatchObject({
    message: 'Hi {customer_name}, thank you for thinking of us for your {category}!',
  });
});
