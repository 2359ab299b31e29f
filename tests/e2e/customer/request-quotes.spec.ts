import type { Page } from '@playwright/test';
import { linkFromOutbox, uniqueEmail } from '../../support/browser/accounts';
import { seriousViolations, settleAnimations } from '../support/axe';
import { keepScreenshot } from '../support/screenshots';
import { publicProfilePath } from '../../../shared/marketplace/public-profile-path';
import { expect, test } from '../support/test';
import { aQuotedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { quotesOf } from '../../support/browser/quotes';
import { answerDialog } from '../support/dialogs';

const PHONE = { width: 375, height: 800 };

/** axe (WCAG 2.2 AA) on the page at rest (the pointer off the button it last pressed): nothing serious. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  await settleAnimations(page);
  expect(await seriousViolations(page), what).toEqual([]);
}

/** The event step, filled. */
async function fillEvent(page: Page, location: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your event' })).toBeFocused();
  await page.getByLabel('Date of your event').fill(dayFromNow(90));
  await page.getByLabel('Where is it?').fill(location);
  await page.getByLabel('Number of guests').fill('120');
  await page.getByLabel('Budget for this service (USD)').fill('2,500');
}

/** The contact step, filled. */
async function fillContact(page: Page, email: string): Promise<void> {
  await page.getByLabel('Your name').fill('Jordan Avery');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('512 555 0142');
}

test.use({ viewport: PHONE });

test('when a couple asks for florists in Savannah on a phone and opens the mailed link, then the onboarded florists get it, their quotes show, and booking one closes the other', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const [first, second] = [
    await aVendor(request, { name: 'Magnolia Blooms', city: 'Savannah, GA', radiusMiles: 40, noticeDays: 0 }),
    await aVendor(request, { name: 'Tybee Petals', city: 'Savannah, GA', radiusMiles: 40, noticeDays: 0 }),
  ];
  const email = uniqueEmail('couple');

  await page.goto('/request-quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Get quotes' })).toBeVisible();
  await expectAccessible(page, 'step 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose what you are looking for' })).toBeVisible();
  await page.getByRole('radio', { name: /^Florist/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Your flowers' })).toBeFocused();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The category's form, checked in the browser with its precompiled validator: a piece is required.
  await expect(page.getByRole('heading', { name: 'Your flowers' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Bridal bouquets' }).check();
  await page.getByRole('checkbox', { name: 'Centerpieces' }).check();
  await page.getByLabel('Your colors').fill('Blush and ivory');
  await expectAccessible(page, 'step 2');
  await keepScreenshot(page, testInfo, 'phone-request-details');
  await page.getByRole('button', { name: 'Continue' }).click();

  await fillEvent(page, 'Savannah, GA');
  await expectAccessible(page, 'step 3');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillContact(page, email);
  await expectAccessible(page, 'step 4');
  await page.getByRole('button', { name: 'Send my request' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
  await expect(page.getByText('Open the link to send your request to florist vendors near Savannah, GA.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'check your email');

  await page.goto(await linkFromOutbox(request, email, '/requests/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your florist request' })).toBeVisible();
  await expect(page.getByText('Sent to 2 vendors. You will get an email when a quote arrives.')).toBeVisible();
  await expect(page.getByText('Blush and ivory')).toBeVisible();
  await expect(page.getByText('$2,500')).toBeVisible();

  await aQuotedQuote(request, first, { priceCents: 185_000, message: 'We would love to do your flowers: peonies and garden roses.' });
  await aQuotedQuote(request, second, { priceCents: 210_000, message: 'Lush garden-style arrangements, delivered and set up.' });
  await page.reload();
  const firstCard = page.locator('.quote-card').filter({ hasText: first.name });
  const secondCard = page.locator('.quote-card').filter({ hasText: second.name });
  await expect(firstCard.getByText('$1,850')).toBeVisible();
  await expect(firstCard.getByText('We would love to do your flowers')).toBeVisible();
  await expect(firstCard.getByText('Garden roses, peonies and eucalyptus')).toBeVisible();
  await expect(secondCard.getByText('$2,100')).toBeVisible();
  await expect(firstCard.getByRole('link', { name: first.name })).toHaveAttribute('href', publicProfilePath(first.vendorId, first.name));
  await expectAccessible(page, 'the request with two quotes');
  await keepScreenshot(page, testInfo, 'phone-customer-request');

  await firstCard.getByRole('button', { name: `Accept the quote from ${first.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${first.name}?` });
  await expect(dialog.getByText(`Booking ${first.name} closes your other quotes.`)).toBeVisible();
  await expectAccessible(page, 'the booking dialog');
  await answerDialog(dialog, `Book ${first.name}`);

  await expect(firstCard.getByText('Booked', { exact: true })).toBeVisible();
  await expect(secondCard.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Accept the quote/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
  expect((await quotesOf(request, first, 'accepted')).length).toBe(1);
  expect((await quotesOf(request, second, 'closed'))[0]?.closedReason).toBe('booked-elsewhere');
});

test('when the place is unknown, then the server says so on the place field, and fixing it sends the request with everything else kept', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('couple');
  await page.goto('/request-quotes?category=florist');
  await page.getByRole('radio', { name: /^Florist/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: 'Flower crowns' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillEvent(page, 'Nowhere, ZZ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillContact(page, email);
  await page.getByRole('button', { name: 'Send my request' }).click();

  // Back on the event step, with the server's message on the field.
  await expect(page.getByRole('heading', { name: 'Your event' })).toBeFocused();
  const place = page.getByLabel('Where is it?');
  await expect(page.getByText('We could not find "Nowhere, ZZ". Write a US city as "Austin, TX", or a 5-digit ZIP code.')).toBeVisible();
  await expect(place).toHaveAttribute('aria-invalid', 'true');

  // Going back keeps the answers.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('checkbox', { name: 'Flower crowns' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Number of guests')).toHaveValue('120');
  await place.fill('78701');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  expect(await linkFromOutbox(request, email, '/requests/')).toMatch(/^\/requests\//);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("when a couple asks one vendor from its profile's link, then the category is set and the request goes to that vendor alone", async ({
    page,
    request,
  }) => {
    const florist = await aVendor(request, { name: 'Sagebrush Flowers', city: 'Boise, ID', radiusMiles: 40, noticeDays: 0 });
    await aVendor(request, { name: 'Treasure Valley Florals', city: 'Boise, ID', radiusMiles: 40, noticeDays: 0 });
    const email = uniqueEmail('couple');

    await page.goto(`/request-quotes?category=florist&vendorId=${florist.vendorId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Request a quote from ${florist.name}` })).toBeVisible();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Aisle petals' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillEvent(page, 'Boise, ID');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByText('Open the link to send your request to the vendor.', { exact: false })).toBeVisible();

    await page.goto(await linkFromOutbox(request, email, '/requests/'));
    await expect(page.getByText('Sent to 1 vendor. You will get an email when a quote arrives.')).toBeVisible();
    expect(await quotesOf(request, florist, 'potential')).toHaveLength(1);
  });
});
