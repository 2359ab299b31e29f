import type { APIRequestContext } from '@playwright/test';
import { bearerOf, GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aVendor, dayFromNow, type Vendor } from '../../support/browser/builders';
import { balanceOf } from '../../support/browser/quotes';
import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { answerDialog } from '../support/dialogs';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 800 };
/** This spec's businesses work here; its requests go to one business each (from its profile). */
const CITY = 'Tulsa, OK';

/** The id of the business's quote in list `status` from the couple named `customer`. */
async function quoteIdOf(request: APIRequestContext, business: Vendor, customer: string, status = 'potential'): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/quotes?status=${status}&limit=100`, { headers: await bearerOf(request, business.email) });
        const { data } = (await response.json()) as { data: { id: string; customer: { name: string } }[] };
        id = data.find((quote) => quote.customer.name === customer)?.id;
        return id;
      },
      { message: `${business.name} has a ${status} quote from ${customer}` },
    )
    .toBeTruthy();
  return id as string;
}

/** A florist with one match from `customer`, asked directly. */
async function floristWithMatch(request: APIRequestContext, name: string, customer: string, days: number) {
  const florist = await aVendor(request, { name, city: CITY, radiusMiles: 40, noticeDays: 0 });
  await aConfirmedRequest(request, {
    category: 'florist',
    eventDate: dayFromNow(days),
    location: CITY,
    guests: 90,
    budgetCents: 300_000,
    details: {
      pieces: ['Bridal bouquets', 'Centerpieces'],
      styles: ['Garden'],
      colors: 'Sage and white',
      setup_needed: true,
      notes: 'Peonies if they are in season.',
    },
    customer: { name: customer, phone: '918 555 0142' },
    vendorId: florist.vendorId,
  });
  return { florist, quoteId: await quoteIdOf(request, florist, customer) };
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('when a florist opens a match, then it sees the answers, the cost and its balance; a field error first, then a valid quote sends it and reveals the couple’s email and phone', async ({
    page,
    request,
  }, testInfo) => {
    const { florist, quoteId } = await floristWithMatch(request, 'Arkansas River Blooms', 'Riley Chen', 150);
    await signIn(page, florist.email, GOOD_PASSWORD, `/florist-quote-detail/${quoteId}`);

    await expect(page.getByRole('heading', { level: 2, name: "Riley Chen's florist request" })).toBeVisible();
    await expect(page.getByText('Status: Potential')).toBeVisible();
    const requestCard = page.locator('.quote-detail__card').filter({ has: page.getByRole('heading', { name: 'The request' }) });
    await expect(requestCard.getByRole('row', { name: /Location/ })).toContainText(CITY);
    await expect(requestCard.getByRole('row', { name: /Guests/ })).toContainText('90');
    await expect(requestCard.getByRole('row', { name: /Budget/ })).toContainText('$3,000');
    await expect(requestCard.getByRole('row', { name: /Sent to/ })).toContainText('Only you');
    // The couple's answers, labelled by the florist request form's own titles.
    await expect(requestCard.getByRole('row', { name: /What do you need\?/ })).toContainText('Bridal bouquets, Centerpieces');
    await expect(requestCard.getByRole('row', { name: /Your colors/ })).toContainText('Sage and white');
    await expect(requestCard.getByRole('row', { name: /Delivered and set up at the venue/ })).toContainText('Yes');
    await expect(page.getByText('Quoting costs 1 credit · you have 10')).toBeVisible();
    await expect(page.getByText('Their email and phone show here once you send a quote.')).toBeVisible();
    await expect(page.getByText('918 555 0142')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'The pieces and flowers you propose' })).toBeVisible();
    await expectAccessible(page, 'a potential match');
    await expectNoSidewaysScroll(page, 'a potential match');
    await keepScreenshot(page, testInfo, 'phone-quote-detail-potential');

    // Nothing filled in: the quote form, the price and the message each say what they need.
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page.getByText('Enter your price')).toBeVisible();
    await expect(page.getByText('Write at least a few words to the couple')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'The pieces and flowers you propose' }).fill('A bridal bouquet of garden roses, 12 low centerpieces with peonies.');
    await page.getByRole('textbox', { name: 'Bouquets' }).fill('4');
    await page.getByRole('textbox', { name: 'Centerpieces' }).fill('12');
    await page.getByLabel('Your price (USD)').fill('12.345');
    await page.getByLabel('Message to the couple').fill('We would love to do your flowers: peonies are in season then.');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect(page.getByText('Use dollars and cents: at most two decimals')).toBeVisible();
    await expect(page.getByLabel('Your price (USD)')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Your price (USD)').fill('1,850');
    await expect(page.getByText('Use dollars and cents: at most two decimals')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send quote' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send your quote to Riley Chen?' });
    await expect(dialog.getByText('Sending it spends 1 credit of your 10.')).toBeVisible();
    await expectAccessible(page, 'the confirm dialog');
    await answerDialog(dialog, 'Spend 1 credit and send');

    await expect(page.getByText('Status: Submitted')).toBeVisible();
    const couple = page.locator('.quote-detail__card').filter({ has: page.getByRole('heading', { name: 'The couple' }) });
    await expect(couple.getByRole('link', { name: /@example\.com/ })).toHaveAttribute('href', /^mailto:couple-/);
    await expect(couple.getByRole('link', { name: /918 555 0142/ })).toHaveAttribute('href', 'tel:9185550142');
    const sent = page.locator('.quote-detail__card').filter({ has: page.getByRole('heading', { name: 'The quote you sent' }) });
    await expect(sent.getByRole('row', { name: /Your price/ })).toContainText('$1,850');
    await expect(sent.getByText('We would love to do your flowers')).toBeVisible();
    await expect(sent.getByRole('row', { name: /Centerpieces/ })).toContainText('12');
    const history = page.locator('.quote-detail__history');
    await expect(history.getByText('Request received')).toBeVisible();
    await expect(history.getByText('You sent your quote')).toBeVisible();
    await expect(history.getByText('1 credit spent')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send quote' })).toHaveCount(0);
    expect(await balanceOf(request, florist)).toBe(9);
    await expectAccessible(page, 'a submitted quote');
    await expectNoSidewaysScroll(page, 'a submitted quote');
    await keepScreenshot(page, testInfo, 'phone-quote-detail-submitted');
  });

  test('when a florist declines a match with a reason, then it closes for free and the reason is in its history', async ({ page, request }) => {
    const { florist, quoteId } = await floristWithMatch(request, 'Green Country Florals', 'Morgan Lee', 160);
    await signIn(page, florist.email, GOOD_PASSWORD, `/florist-quote-detail/${quoteId}`);

    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
    await expect(dialog.getByText('It moves to your closed matches and costs nothing.')).toBeVisible();
    await answerDialog(dialog, 'Cancel');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Status: Potential')).toBeVisible();

    await page.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByLabel(/Why are you declining\?/).fill('Fully booked that weekend');
    await expectAccessible(page, 'the decline dialog');
    await answerDialog(dialog, 'Decline request');

    await expect(page.getByText('Status: Closed')).toBeVisible();
    await expect(page.getByRole('row', { name: /Closed because/ })).toContainText('You declined');
    await expect(page.locator('.quote-detail__history').getByText('Declined: Fully booked that weekend')).toBeVisible();
    await expect(page.getByText('You did not quote this request, so their email and phone stay private.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Closed matches' })).toBeVisible();
    expect(await balanceOf(request, florist)).toBe(10);
    await expectNoSidewaysScroll(page, 'a declined match');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('when a venue’s credits were spent meanwhile, then sending says it needs more, links to buying credits, and nothing changes', async ({
    page,
    request,
  }) => {
    const venue = await aVendor(request, {
      name: 'Cain’s Hall',
      city: CITY,
      category: 'venue',
      radiusMiles: 40,
      noticeDays: 0,
      settings: {
        formId: 'update-venue-settings',
        data: { venue_types: ['Historic building'], seated_capacity: 300, spaces: ['Indoor'], rental_fee: 4000, catering_policy: 'Any licensed caterer' },
      },
    });
    const ask = (customer: string, days: number) =>
      aConfirmedRequest(request, {
        category: 'venue',
        eventDate: dayFromNow(days),
        location: CITY,
        guests: 150,
        details: { setting: ['Indoor'] },
        customer: { name: customer },
        vendorId: venue.vendorId,
      });
    await ask('Jordan Park', 170);
    const last = await quoteIdOf(request, venue, 'Jordan Park');

    await signIn(page, venue.email, GOOD_PASSWORD, `/venue-quote-detail/${last}`);
    await expect(page.getByText('Quoting costs 3 credits · you have 10')).toBeVisible();
    await page.getByRole('textbox', { name: 'Spaces for the ceremony and reception' }).fill('The ballroom and the mezzanine');
    await page.getByRole('textbox', { name: 'Hours included' }).fill('8');
    await page.getByRole('textbox', { name: 'What your price includes' }).fill('Tables, chairs, linens and a coordinator.');
    await page.getByLabel('Your price (USD)').fill('6500');
    await page.getByLabel('Message to the couple').fill('The hall is free that day and would seat all 150 of your guests.');

    // Meanwhile, three other quotes spend 9 of the 10 credits (another tab, a teammate).
    for (const [customer, days] of [
      ['Avery Stone', 171],
      ['Blake Rivers', 172],
      ['Casey Moon', 173],
    ] as const) {
      await ask(customer, days);
      const id = await quoteIdOf(request, venue, customer);
      const spent = await request.post(`/api/quotes/${id}/submit`, {
        headers: await bearerOf(request, venue.email),
        data: {
          priceCents: 500_000,
          message: 'Our hall is free that day for you.',
          details: { spaces: 'The ballroom', hours: 8, includes: 'Tables, chairs and linens.' },
        },
      });
      expect(spent.status(), await spent.text()).toBe(200);
    }
    expect(await balanceOf(request, venue)).toBe(1);

    await page.getByRole('button', { name: 'Send quote' }).click();
    await answerDialog(page.getByRole('dialog'), 'Spend 3 credits and send');
    const refusal = page.getByRole('alert').filter({ hasText: 'Quoting this request takes 3 credits and you have 1.' });
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('link', { name: 'Buy more credits' })).toHaveAttribute('href', '/buy-more-credits');
    // The balance is read again: the cost line now says what is short.
    await expect(page.getByText('Quoting costs 3 credits · you have 1')).toBeVisible();
    await expect(page.getByText('You need 3 credits to send this quote.')).toBeVisible();
    await expect(page.getByText('Status: Potential')).toBeVisible();
    await expect(page.getByLabel('Your price (USD)')).toHaveValue('6500');
    expect(await balanceOf(request, venue)).toBe(1);
    await expectAccessible(page, 'the refusal for lack of credits');
  });

  test('when a quote is opened under another category’s route, then it moves to its own; an unknown id shows a not-found state', async ({ page, request }) => {
    const { florist, quoteId } = await floristWithMatch(request, 'Tulsa Stems', 'Quinn Harper', 180);
    await signIn(page, florist.email, GOOD_PASSWORD, `/venue-quote-detail/${quoteId}`);
    await expect(page).toHaveURL(new RegExp(`/florist-quote-detail/${quoteId}$`));
    await expect(page.getByRole('heading', { level: 2, name: "Quinn Harper's florist request" })).toBeVisible();

    await page.goto('/florist-quote-detail/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('We could not find this request')).toBeVisible();
    await page.getByRole('link', { name: 'See your potential matches' }).click();
    await expect(page).toHaveURL(/\/potential-matches$/);
  });
});
