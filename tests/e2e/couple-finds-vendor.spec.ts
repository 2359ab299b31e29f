import type { Page } from '@playwright/test';
import { bearerOf, linkFromOutbox, uniqueEmail } from '../support/browser/accounts';
import { aBookedQuote, aVendor, dayFromNow, type Vendor } from '../support/browser/builders';
import { quotesOf } from '../support/browser/quotes';
import sharp from 'sharp';
import { useOwnServer } from './support/own-server';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { keepScreenshot } from './support/screenshots';
import { expect, test } from './support/test';
import { chooseOption } from './support/dialogs';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
/** A city no other spec seeds vendors in: the directory lists only this spec's bakeries. */
const CITY = 'Amarillo, TX';

function aBakery(request: Parameters<typeof aVendor>[0], name: string): Promise<Vendor> {
  return aVendor(request, { name, category: 'bakery', city: CITY, radiusMiles: 40, noticeDays: 0 });
}

/** The directory's search, as a couple fills it. */
async function searchDirectory(page: Page, category: string, place: string): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: 'What do you need?' }), new RegExp(`^${category}$`));
  await page.getByRole('textbox', { name: 'Where is your event?' }).fill(place);
  await page.getByRole('button', { name: 'Search' }).click();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('when a couple goes from the sign-in page to the directory, a bakery profile and its request form, then the mailed link sends the request to that bakery alone', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const bakery = await aBakery(request, 'Panhandle Cake Studio');
    const email = uniqueEmail('couple');

    await page.goto('/');
    await page.getByRole('link', { name: 'Find vendors' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find wedding and event vendors' })).toBeVisible();
    await searchDirectory(page, 'Bakery', CITY);
    await expect(page).toHaveURL(/\/vendors\/bakery\/amarillo-tx$/);
    const card = page.getByRole('article', { name: bakery.name });
    await expect(card).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Bakeries serving ${CITY}` })).toBeVisible();
    await expect(card.getByText(/mi away/)).toBeVisible();
    await expectAccessible(page, 'directory at 375 px');
    await expectNoSidewaysScroll(page, 'directory at 375 px');
    await keepScreenshot(page, testInfo, 'phone-directory');

    await card.getByRole('link', { name: bakery.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: bakery.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/vendor-profile/${bakery.vendorId}/panhandle-cake-studio$`));
    await expect(page).toHaveTitle(new RegExp(`^${bakery.name} \\| `));
    await expectAccessible(page, 'profile at 375 px');
    await expectNoSidewaysScroll(page, 'profile at 375 px');
    await keepScreenshot(page, testInfo, 'phone-profile');

    await page.getByRole('link', { name: 'Request a quote' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/request-quotes\\?category=bakery&vendor=${bakery.vendorId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Request a quote from ${bakery.name}` })).toBeVisible();
    await expect(page.getByText(`Your request goes to ${bakery.name} only`, { exact: true })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Your wedding cake' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Wedding cakes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Your event' })).toBeFocused();
    await page.getByLabel('Date of your event').fill(dayFromNow(120));
    await page.getByLabel('Where is it?').fill(CITY);
    await page.getByLabel('Number of guests').fill('90');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Your name').fill('Riley Moss');
    await page.getByLabel('Email').fill(email);
    await expect(page.getByText(`Your request goes to ${bakery.name} only.`, { exact: true })).toBeVisible();
    await expectAccessible(page, 'request form, contact step');
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    await page.goto(await linkFromOutbox(request, email, '/requests/'));
    await expect(page.getByText('Sent to 1 vendor.', { exact: false })).toBeVisible();

    await expect.poll(async () => (await quotesOf(request, bakery, 'potential')).map((quote) => quote.customer.name)).toEqual(['Riley Moss']);
  });

  test('when the couple asks for quotes without a vendor, then the form says before sending how many bakeries serve the place, and warns when none do', async ({
    page,
    request,
  }) => {
    await aBakery(request, 'High Plains Bakehouse');
    await page.goto('/request-quotes?category=bakery');
    await expect(page.getByRole('link', { name: 'Browse vendors' })).toHaveAttribute('href', '/vendors');
    await page.getByRole('radio', { name: /^Bakery/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: 'Cupcakes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Where is it?').fill(CITY);
    await expect(page.getByText(new RegExp(`^\\d+ baker(y|ies) serves? ${CITY}$`)).first()).toBeVisible();
    await page.getByLabel('Where is it?').fill('Key West, FL');
    await expect(page.getByText('No bakeries serve Key West, FL yet — try a nearby larger city or your ZIP code').first()).toBeVisible();
    await expectAccessible(page, 'request form with the coverage warning');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('when the directory and a profile open at 1280 px, then axe finds nothing serious', async ({ page, request }, testInfo) => {
    const bakery = await aBakery(request, 'Canyon Sugar Works');
    await page.goto('/vendors');
    await searchDirectory(page, 'Bakery', CITY);
    const card = page.getByRole('article', { name: bakery.name });
    await expect(card).toBeVisible();
    await expectAccessible(page, 'directory at 1280 px');
    await keepScreenshot(page, testInfo, 'desktop-directory');
    await card.getByRole('link', { name: bakery.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: bakery.name })).toBeVisible();
    await expectAccessible(page, 'profile at 1280 px');
    await keepScreenshot(page, testInfo, 'desktop-profile');
  });
});

/** A PNG made on the spot, in a colour of its own. */
function png(width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A published review needs an event in the past: these move the clock, on a server of their own. */
test.describe('a profile with photos and a replied review', () => {
  const PORT = 4212;
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  useOwnServer(PORT);
  let bakery: Vendor;

  test('when the bakery has a logo, photos and a review it replied to, then the profile shows them, pages the photos in a lightbox, and axe finds nothing serious at 375 and 1280 px', async ({
    page,
    request,
  }, testInfo) => {
    bakery = await aBakery(request, 'Golden Spread Bakery');
    const headers = await bearerOf(request, bakery.email);
    const logo = await request.post('/api/profile/logo', {
      headers,
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: await png(300, 300, { r: 200, g: 120, b: 40 }) } },
    });
    expect(logo.status(), await logo.text()).toBeLessThan(300);
    for (const [i, colour] of [
      { r: 240, g: 200, b: 210 },
      { r: 190, g: 220, b: 240 },
      { r: 230, g: 230, b: 180 },
    ].entries()) {
      const photo = await request.post('/api/profile/gallery', {
        headers,
        multipart: { file: { name: `cake-${i}.png`, mimeType: 'image/png', buffer: await png(1200, 900, colour) } },
      });
      expect(photo.status(), await photo.text()).toBeLessThan(300);
    }
    const { token, quoteId } = await aBookedQuote(
      request,
      bakery,
      {
        category: 'bakery',
        eventDate: dayFromNow(5),
        location: CITY,
        details: { product_types: ['Wedding cakes'] },
        customer: { name: 'Grace Kim' },
      },
      { details: { design: 'Three tiers, lemon and raspberry', servings: 90, includes: 'Delivery, setup and a tasting for two' } },
    );
    const moved = await request.post('/dev/clock', { data: { advanceDays: 7 } });
    expect(moved.status(), await moved.text()).toBe(200);
    const reviewed = await request.post(`/api/public/requests/${token}/quotes/${quoteId}/review`, {
      data: { rating: 5, title: 'The cake everyone asked about', body: 'Three tiers of lemon and raspberry, delivered early and perfect.' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(201);
    const { id: reviewId } = ((await reviewed.json()) as { data: { id: string } }).data;
    const replied = await request.put(`/api/reviews/${reviewId}/reply`, {
      headers: await bearerOf(request, bakery.email),
      data: { body: 'Thank you, Grace! It was a joy.' },
    });
    expect(replied.status(), await replied.text()).toBe(200);

    await page.setViewportSize(PHONE);
    await page.goto(`/vendor-profile/${bakery.vendorId}/an-old-name`);
    await expect(page.getByRole('heading', { level: 1, name: bakery.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/vendor-profile/${bakery.vendorId}/golden-spread-bakery$`));
    await expect(page.getByRole('img', { name: `Logo of ${bakery.name}` })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.locator('.rating-summary__count')).toHaveText('1 review');
    await expect(reviews.getByText('The cake everyone asked about')).toBeVisible();
    await expect(reviews.getByText('Thank you, Grace! It was a joy.')).toBeVisible();
    await expect(reviews.getByRole('list', { name: 'Reviews by stars' }).getByRole('listitem').first()).toHaveText('5 stars1 review');
    const photos = page.getByRole('region', { name: 'Photos' }).getByRole('img');
    await expect(photos).toHaveCount(3);
    await expect(photos.first()).toHaveAttribute('loading', 'lazy');
    await expectAccessible(page, 'a full profile at 375 px');
    await expectNoSidewaysScroll(page, 'a full profile at 375 px');
    await keepScreenshot(page, testInfo, 'phone-full-profile');

    await photos.first().click();
    await expect(page.locator('.ant-image-preview img')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview img')).toHaveCount(0);

    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'a full profile at 1280 px');
    await keepScreenshot(page, testInfo, 'desktop-full-profile');
  });
});
