import type { APIRequestContext } from '@playwright/test';
import { bearerOf, GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aVendor, dayFromNow, type Vendor } from '../../support/browser/builders';
import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { answerDialog, chooseOption } from '../support/dialogs';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 800 };
/** This spec's bakery works here; its requests are sent to it alone (from its profile). */
const CITY = 'Fargo, ND';

/** The bakery's settings: $7.50 a slice. */
const SETTINGS = {
  product_types: ['Wedding cakes', 'Cupcakes'],
  price_per_slice: 7.5,
  min_servings: 40,
  max_tiers: 5,
  delivery_available: true,
  delivery_fee: 60,
};

/** A bakery with its settings saved and its auto-response answered (a bakery's onboarding sends it there first). */
async function aBakery(request: APIRequestContext, name: string): Promise<Vendor> {
  const bakery = await aVendor(request, {
    name,
    category: 'bakery',
    city: CITY,
    radiusMiles: 40,
    noticeDays: 0,
    settings: { formId: 'update-bakery-settings', data: SETTINGS },
  });
  const reply = { enabled: false, message: 'Thank you for thinking of us! We will send you a quote very soon.' };
  const saved = await request.put('/api/vendor/forms/auto-response-bakery', { headers: await bearerOf(request, bakery.email), data: reply });
  expect(saved.status(), await saved.text()).toBe(200);
  return bakery;
}

/** A couple asks the bakery directly for a cake for `guests`; returns the id of the bakery's match. */
async function leadFrom(request: APIRequestContext, bakery: Vendor, customer: string, guests: number, days: number): Promise<string> {
  await aConfirmedRequest(request, {
    category: 'bakery',
    eventDate: dayFromNow(days),
    location: CITY,
    guests,
    details: { product_types: ['Wedding cakes'], tiers: 3, delivery_needed: true, notes: 'Lemon and elderflower, white buttercream.' },
    customer: { name: customer },
    vendorId: bakery.vendorId,
  });
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/quotes?status=potential&limit=100', { headers: await bearerOf(request, bakery.email) });
        const { data } = (await response.json()) as { data: { id: string; customer: { name: string } }[] };
        id = data.find((quote) => quote.customer.name === customer)?.id;
        return id;
      },
      { message: `${bakery.name} has a match from ${customer}` },
    )
    .toBeTruthy();
  return id as string;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('when a bakery that says $7.50 a slice opens a lead, then its quote starts from its settings; saved as a template, the template starts its next quote, which it sends', async ({
    page,
    request,
  }, testInfo) => {
    const bakery = await aBakery(request, 'Red River Cake Studio');
    const first = await leadFrom(request, bakery, 'Riley Chen', 120, 150);
    const second = await leadFrom(request, bakery, 'Morgan Lee', 80, 160);
    await signIn(page, bakery.email, GOOD_PASSWORD, `/bakery-quote-detail/${first}`);
    await expect(page.getByRole('heading', { level: 2, name: "Riley Chen's bakery request" })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'Filled in from your Bakery settings' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Bakery settings' })).toHaveAttribute('href', '/update-bakery-settings');
    await expect(page.getByRole('textbox', { name: 'Price per slice (USD)' })).toHaveValue('7.5');
    await expect(page.getByRole('textbox', { name: 'Servings' })).toHaveValue('120');
    await expect(page.getByText('From the request: 120 guests.')).toBeVisible();
    await expect(page.getByLabel('Your price (USD)')).toHaveValue('900');
    await expect(page.getByText('From your settings and the request: $7.50 × 120 guests.')).toBeVisible();
    await expectAccessible(page, 'a quote filled in from settings');
    await expectNoSidewaysScroll(page, 'a quote filled in from settings');
    await keepScreenshot(page, testInfo, 'phone-quote-prefill');

    await page.getByRole('textbox', { name: 'The cake you propose' }).fill('Three tiers of lemon sponge with elderflower buttercream');
    await page.getByRole('textbox', { name: 'What your price includes' }).fill('Delivery, setup at the venue and a cake stand.');
    await page.getByLabel('Message to the couple').fill('Hi Riley! We would love to bake for your 120 guests: lemon and elderflower is one of our favourites.');
    await page.getByRole('button', { name: 'Save as template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this quote as a template' });
    await dialog.getByLabel('Template name').fill('Standard tiered cake');
    await expectAccessible(page, 'the save-as-template dialog');
    await answerDialog(dialog, 'Save template');
    await expect(page.getByText('Saved as the template "Standard tiered cake".', { exact: false })).toBeVisible();
    await expect(dialog).toBeHidden();
    const stored = await request.get('/api/quote-templates?category=bakery', { headers: await bearerOf(request, bakery.email) });
    // Riley's name and guests are merge fields in it, and the answers taken from Riley's request are not kept.
    const [template, ...others] = ((await stored.json()) as { data: { name: string; priceCents: number; message: string; details: object }[] }).data;
    expect(others).toEqual([]);
    expect(template).toMatchObject({
      name: 'Standard tiered cake',
      priceCents: 90_000,
      message: 'Hi {customer_name}! We would love to bake for your {guests} guests: lemon and elderflower is one of our favourites.',
    });
    expect(Object.keys(template?.details ?? {})).not.toContain('servings');
    // Saving a template sends nothing: the first lead is still a match.
    await expect(page.getByText('Status: Potential')).toBeVisible();

    await page.goto(`/bakery-quote-detail/${second}`);
    await expect(page.getByRole('heading', { level: 2, name: "Morgan Lee's bakery request" })).toBeVisible();
    await expect(page.getByLabel('Your price (USD)')).toHaveValue('600');
    await chooseOption(page, page.getByRole('combobox', { name: 'Start from template' }), 'Standard tiered cake');
    const started = page.getByRole('alert').filter({ hasText: 'Started from your template "Standard tiered cake"' });
    await expect(started).toContainText('It changed: Price, Message, The cake you propose, What your price includes.');
    await expect(started).toContainText('Answers from the couple’s request stay as they asked.');
    await expect(page.getByRole('textbox', { name: 'The cake you propose' })).toHaveValue('Three tiers of lemon sponge with elderflower buttercream');
    await expect(page.getByLabel('Message to the couple')).toHaveValue(
      'Hi Morgan! We would love to bake for your 80 guests: lemon and elderflower is one of our favourites.',
    );
    await expect(page.getByRole('textbox', { name: 'Servings' })).toHaveValue('80');
    await expect(page.getByLabel('Your price (USD)')).toHaveValue('900');
    await expectAccessible(page, 'a quote started from a template');
    await expectNoSidewaysScroll(page, 'a quote started from a template');
    await keepScreenshot(page, testInfo, 'phone-quote-from-template');

    // The couple is smaller: the vendor fits the template's price to them and sends it.
    await page.getByLabel('Your price (USD)').fill('640');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await answerDialog(page.getByRole('dialog', { name: 'Send your quote to Morgan Lee?' }), 'Spend 1 credit and send');
    await expect(page.getByText('Status: Submitted')).toBeVisible();
    const sent = page.locator('.quote-detail__card').filter({ has: page.getByRole('heading', { name: 'The quote you sent' }) });
    await expect(sent.getByRole('row', { name: /Your price/ })).toContainText('$640');
    await expect(sent.getByRole('row', { name: /Servings/ })).toContainText('80');
    await expect(sent.getByText('Three tiers of lemon sponge with elderflower buttercream')).toBeVisible();
    await expectAccessible(page, 'the quote sent from a template');
  });
});
