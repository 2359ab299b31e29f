import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import sharp from 'sharp';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';

/** Photography settings saved after onboarding (photography has a compulsory settings screen), so the guard lets the photographer through. */
const PHOTOGRAPHY_SETTINGS = {
  formId: 'update-photography-settings',
  data: {
    packages: [{ name: 'Full day', hours: 8, price: 3500 }],
    photography_styles: ['Documentary', 'Fine art'],
    delivery_weeks: 6,
    second_shooter_available: true,
  },
};

/** A PNG made on the spot, in a colour of its own. */
function png(width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

async function openEditProfile(page: Page, email: string) {
  await signIn(page, email, GOOD_PASSWORD);
  await page.getByRole('menuitem', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByRole('heading', { name: 'Business profile' })).toBeVisible();
}

test('when a photographer edits the profile and uploads a logo and two photos, then the photography listing shows them', async ({ page, request }) => {
  const { email, vendorId } = await aVendor(request, { name: 'Golden Hour Studio', category: 'photography', settings: PHOTOGRAPHY_SETTINGS });
  await openEditProfile(page, email);

  // The form starts from onboarding's answers.
  await expect(page.getByLabel('Business name')).toHaveValue('Golden Hour Studio');
  await expect(page.getByLabel('Service area')).toHaveValue('Austin, TX');
  await page.getByLabel('Service area').fill('Austin and the Hill Country');
  await page.getByLabel('About your business').fill('Documentary wedding photography with a fine-art eye.');
  await page.getByLabel('Instagram').fill('instagram dot com');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel('Instagram') })
      .getByText('Enter your Instagram handle, like @crumbandco'),
  ).toBeVisible();
  // A pasted profile address becomes the handle; a website typed without https:// gets it.
  await page.getByLabel('Instagram').fill('https://www.instagram.com/goldenhourstudio/');
  await page.getByLabel('Website').fill('goldenhour.example.com');
  await page.getByLabel('Instagram').focus();
  await expect(page.getByLabel('Website')).toHaveValue('https://goldenhour.example.com');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('Instagram')).toHaveValue('@goldenhourstudio');
  await expect(page.getByText('Business profile saved')).toBeVisible();

  // Logo: a wide PNG comes back square.
  await page
    .getByTestId('logo-uploader')
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 140, { r: 200, g: 120, b: 40 }) });
  await expect(page.getByText('Logo updated')).toBeVisible();
  const logo = page.getByTestId('logo-uploader').getByRole('img', { name: 'Logo of Golden Hour Studio' });
  await expect(logo).toHaveAttribute('src', /^\/api\/media\/[\w-]+\.webp$/);
  await expect(page.getByRole('button', { name: 'Replace logo' })).toBeVisible();

  // A file that is not an image is refused before it is sent.
  const gallery = page.getByTestId('gallery-uploader');
  await gallery.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('"notes.txt" is not a JPEG, PNG or WebP image.')).toBeVisible();

  // A photo too small to look sharp is refused with the smallest size, and not added.
  await gallery.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: await png(1, 1, { r: 0, g: 0, b: 0 }) });
  await expect(
    page.getByText('This photo is 1 × 1 pixels. Gallery photos need at least 600 × 400 pixels (either way round) to look sharp; upload a larger one.'),
  ).toBeVisible();
  await expect(gallery.getByText('0 of 24 photos')).toBeVisible();

  // Two photos at once.
  await gallery.locator('input[type=file]').setInputFiles([
    { name: 'first-dance.png', mimeType: 'image/png', buffer: await png(900, 600, { r: 30, g: 90, b: 160 }) },
    { name: 'vows.png', mimeType: 'image/png', buffer: await png(600, 900, { r: 160, g: 40, b: 90 }) },
  ]);
  await expect(gallery.getByRole('img', { name: /^Gallery photo \d$/ })).toHaveCount(2);
  await expect(gallery.getByText('2 of 24 photos')).toBeVisible();

  // The listing as couples see it.
  await page.getByRole('link', { name: 'View Photography listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/photography/${vendorId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Golden Hour Studio' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo of Golden Hour Studio' })).toHaveAttribute('src', /^\/api\/media\//);
  await expect(page.getByText('Austin and the Hill Country')).toBeVisible();
  await expect(page.getByText('Documentary wedding photography with a fine-art eye.')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Golden Hour Studio, photo \d$/ })).toHaveCount(2);
  const details = page.getByRole('region', { name: 'Photography details' });
  await expect(details.getByText('Full day · Hours of coverage: 8 · Price: $3,500', { exact: true })).toBeVisible();
  await expect(details.getByText('Documentary, Fine art')).toBeVisible();
  await expect(details.getByText('Gallery delivery time (weeks)')).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/goldenhourstudio');
  await expect(contact.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://goldenhour.example.com');
  // The phone is not published until the vendor turns it on: the preview says so.
  await expect(contact.getByRole('link', { name: '5550102030' })).toHaveCount(0);
  await expect(contact.getByText('Your phone number is not on your public page', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your public page' })).toHaveAttribute('href', new RegExp(`^/vendor-profile/${vendorId}/golden-hour-studio$`));
  // Full page: no sidebar.
  await expect(page.getByRole('menuitem', { name: 'Edit profile' })).toHaveCount(0);

  // Back to editing; deleting a photo updates the listing.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await page.getByRole('button', { name: 'Delete photo 1' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('gallery-uploader').getByText('1 of 24 photos')).toBeVisible();
  await page.goto(`/photography/${vendorId}`);
  await expect(page.getByRole('img', { name: /^Golden Hour Studio, photo \d$/ })).toHaveCount(1);

  // Publishing the phone: "Show it" leads to the profile's switch; once saved, the listing shows it.
  await page.getByRole('region', { name: 'Contact' }).getByRole('link', { name: 'Show it' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await page.getByLabel('Show my phone number on my public page').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Business profile saved')).toBeVisible();
  await page.goto(`/photography/${vendorId}`);
  await expect(page.getByRole('region', { name: 'Contact' }).getByRole('link', { name: '5550102030' })).toHaveAttribute('href', 'tel:5550102030');
});

test('when a listing has nothing yet, then each section says so honestly and links to where it is filled in', async ({ page, request }) => {
  const { email, vendorId } = await aVendor(request, { name: 'Empty Frame Co', category: 'photography', settings: PHOTOGRAPHY_SETTINGS });
  await signIn(page, email, GOOD_PASSWORD, `/photography/${vendorId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Empty Frame Co' })).toBeVisible();
  await expect(page.getByText('No description yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('No photos yet.', { exact: false })).toBeVisible();
  // A listing of another business, or of a category the vendor does not offer, is not shown.
  await page.goto('/photography/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Listing not found')).toBeVisible();
  await page.goto(`/florist/${vendorId}`);
  await expect(page.getByText('You are not listed under Florist')).toBeVisible();
});

test('when the edit page is opened on a phone, then nothing overflows sideways', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { email } = await aVendor(request, { name: 'Pocket Lens', category: 'photography', settings: PHOTOGRAPHY_SETTINGS });
  await signIn(page, email, GOOD_PASSWORD, '/edit-profile');
  await expect(page.getByRole('heading', { name: 'Business profile' })).toBeVisible();
  await expect(page.getByTestId('gallery-uploader')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
