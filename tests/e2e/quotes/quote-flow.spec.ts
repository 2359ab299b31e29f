import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays } from '../../../shared/marketplace/calendar-days';
import { GOOD_PASSWORD, linkFromOutbox, openOrigin, signIn, uniqueEmail } from '../../support/browser/accounts';
import { useOwnServer } from '../support/own-server';
import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';
import { aConfirmedRequest, aVendor, type Vendor } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { answerDialog } from '../support/dialogs';

/**
 * The marketplace end to end (issue 14), on a server of its own: its clock is moved, and an
 * operator adds a category to its copy of the schemas. Steps run in order, sharing its businesses.
 */
const PORT = 4187;
const CITY = 'Austin, TX';
const PHONE = { width: 375, height: 800 };

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ viewport: PHONE });

const server = useOwnServer(PORT);
const florists: Record<'quoting' | 'declining' | 'apiOnly', Vendor | undefined> = { quoting: undefined, declining: undefined, apiOnly: undefined };
let quotedId = '';

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing: an earlier step failed`);
  return value;
}

/** Bearer headers per business, signed in once (this server keeps the default 15-minute tokens and login limits). */
const bearers = new Map<string, Record<string, string>>();
async function bearerOf(request: APIRequestContext, business: Vendor): Promise<Record<string, string>> {
  const known = bearers.get(business.email);
  if (known) return known;
  const signedIn = await request.post('/api/login', { data: { email: business.email, password: GOOD_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken}` };
  bearers.set(business.email, headers);
  return headers;
}

/** A business's quotes in one list, as the API gives them. */
async function listOf(request: APIRequestContext, business: Vendor, status: string) {
  const response = await request.get(`/api/quotes?status=${status}`, { headers: await bearerOf(request, business) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string; customer: { name: string }; closedReason: string | null }[] }).data;
}

/** The server's today (its clock moves in this spec), `YYYY-MM-DD`. */
async function serverToday(request: APIRequestContext): Promise<string> {
  const { now } = (await (await request.get('/dev/clock')).json()) as { now: number };
  return new Date(now).toISOString().slice(0, 10);
}

/** Signs the browser in as `business` from a clean slate (another business, or a session the moved clock ended, may be signed in), on `path`. */
async function signInAs(page: Page, business: Vendor, path: string): Promise<void> {
  await openOrigin(page);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, business.email, GOOD_PASSWORD, path);
}

/** Signed in as `business` on its potential matches, opens the match from `customer`. */
async function openMatch(page: Page, business: Vendor, customer: string, slug: string): Promise<string> {
  await signInAs(page, business, '/potential-matches');
  await page.getByRole('link', { name: customer }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}-quote-detail/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${customer}'s`) })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

test('when a couple asks for florists on a phone and confirms by email, then two florists see the match; one quotes and one declines on its page; the couple books the quote; the others close; after the event the booking is completed', async ({
  page,
  request,
}, testInfo) => {
  florists.quoting = await aVendor(request, { name: 'Lone Star Petals', city: CITY, radiusMiles: 40, noticeDays: 0 });
  florists.declining = await aVendor(request, { name: 'Hill Country Stems', city: CITY, radiusMiles: 40, noticeDays: 0 });
  florists.apiOnly = await aVendor(request, { name: 'Barton Creek Blooms', city: CITY, radiusMiles: 40, noticeDays: 0 });
  const [quoting, declining, apiOnly] = [florists.quoting, florists.declining, florists.apiOnly];
  const couple = uniqueEmail('couple');
  const eventDate = addDays(await serverToday(request), 45);

  // The couple, on a phone.
  await page.goto('/request-quotes');
  await page.getByRole('radio', { name: /^Florist/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your flowers' })).toBeFocused();
  await page.getByRole('checkbox', { name: 'Bridal bouquets' }).check();
  await page.getByRole('checkbox', { name: 'Aisle petals' }).check();
  await page.getByLabel('Your colors').fill('Dusty blue and cream');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your event' })).toBeFocused();
  await page.getByLabel('Date of your event').fill(eventDate);
  await page.getByLabel('Where is it?').fill(CITY);
  await page.getByLabel('Number of guests').fill('110');
  await page.getByLabel('Budget for this service (USD)').fill('2,800');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Your name').fill('Jamie Quinn');
  await page.getByLabel('Email').fill(couple);
  await page.getByLabel('Phone').fill('512 555 0199');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = await linkFromOutbox(request, couple, '/requests/');
  await page.goto(link);
  await expect(page.getByText('Sent to 3 vendors. You will get an email when a quote arrives.')).toBeVisible();

  // The first florist finds the match in its list and quotes it on its page.
  quotedId = await openMatch(page, quoting, 'Jamie Quinn', 'florist');
  await expect(page.getByRole('row', { name: /What do you need\?/ })).toContainText('Bridal bouquets, Aisle petals');
  await expect(page.getByRole('row', { name: /Sent to/ })).toContainText('3 vendors, you included');
  await expect(page.getByText('Quoting costs 1 credit · you have 10')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'The pieces and flowers you propose' })
    .fill('A cascading bridal bouquet and petals for the aisle in dusty blue and cream.');
  await page.getByLabel('Your price (USD)').fill('1,400');
  await page.getByLabel('Message to the couple').fill('Dusty blue delphinium would be lovely for your date.');
  await page.getByRole('button', { name: 'Send quote' }).click();
  await answerDialog(page.getByRole('dialog', { name: 'Send your quote to Jamie Quinn?' }), 'Spend 1 credit and send');
  await expect(page.getByText('Status: Submitted')).toBeVisible();
  await expect(page.getByRole('link', { name: couple })).toHaveAttribute('href', `mailto:${couple}`);
  await expect(page.getByRole('link', { name: /512 555 0199/ })).toBeVisible();

  // The second declines it on its page.
  await openMatch(page, declining, 'Jamie Quinn', 'florist');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page
    .getByRole('dialog', { name: 'Decline this request?' })
    .getByLabel(/Why are you declining\?/)
    .fill('We do not travel that far that weekend');
  await answerDialog(page.getByRole('dialog', { name: 'Decline this request?' }), 'Decline request');
  await expect(page.getByText('Status: Closed')).toBeVisible();

  // The third quotes through the API.
  const third = (await listOf(request, apiOnly, 'potential')).find((quote) => quote.customer.name === 'Jamie Quinn');
  const thirdSubmit = await request.post(`/api/quotes/${must(third, 'the third match').id}/submit`, {
    headers: { ...(await bearerOf(request, apiOnly)), 'Idempotency-Key': `flow-${third?.id ?? ''}` },
    data: {
      priceCents: 160_000,
      message: 'Lush garden style, delivered and set up.',
      details: { arrangements: 'A bridal bouquet of roses and petals for the aisle.' },
    },
  });
  expect(thirdSubmit.status(), await thirdSubmit.text()).toBe(200);

  // The couple books the first florist on their page.
  await page.goto(link);
  const quotedCard = page.locator('.quote-card').filter({ hasText: quoting.name });
  await expect(quotedCard.getByText('$1,400')).toBeVisible();
  await quotedCard.getByRole('button', { name: `Accept the quote from ${quoting.name}` }).click();
  await answerDialog(page.getByRole('dialog', { name: `Book ${quoting.name}?` }), `Book ${quoting.name}`);
  await expect(quotedCard.getByText('Booked', { exact: true })).toBeVisible();
  await expect(page.locator('.quote-card').filter({ hasText: apiOnly.name }).getByText('Closed', { exact: true })).toBeVisible();

  // The other quote shows closed on its page and in the lists.
  await signInAs(page, apiOnly, `/florist-quote-detail/${third?.id ?? ''}`);
  await expect(page.getByText('Status: Closed')).toBeVisible();
  await expect(page.getByRole('row', { name: /Closed because/ })).toContainText('Booked with another vendor');
  await expect(page.locator('.quote-detail__history').getByText('Closed by the couple')).toBeVisible();
  expect((await listOf(request, apiOnly, 'closed')).map((quote) => quote.closedReason)).toEqual(['booked-elsewhere']);
  expect((await listOf(request, declining, 'closed')).map((quote) => quote.closedReason)).toEqual(['declined']);
  expect((await listOf(request, quoting, 'accepted')).map((quote) => quote.id)).toEqual([quotedId]);

  // The day after the event, the booking is completed.
  const moved = await request.post('/dev/clock', { data: { advanceDays: 46 } });
  expect(moved.status(), await moved.text()).toBe(200);
  bearers.clear();
  await signInAs(page, quoting, `/florist-quote-detail/${quotedId}`);
  await expect(page.getByText('Status: Completed')).toBeVisible();
  await expect(page.locator('.quote-detail__history').getByText('Event completed')).toBeVisible();
  await expect(page.locator('.quote-detail__history').getByText('The couple booked you')).toBeVisible();
  expect((await listOf(request, quoting, 'completed')).map((quote) => quote.id)).toEqual([quotedId]);
  await expectAccessible(page, 'a completed booking');
  await expectNoSidewaysScroll(page, 'a completed booking');
  await keepScreenshot(page, testInfo, 'phone-quote-detail-completed');
});

test('when a florist blocks a date, then the next request for that date goes to the others only', async ({ request }) => {
  const [blocking, other] = [must(florists.quoting, 'the first florist'), must(florists.declining, 'the second florist')];
  const date = addDays(await serverToday(request), 30);
  const blocked = await request.post('/api/blackout-dates', {
    headers: await bearerOf(request, blocking),
    data: { from: date, to: date, note: 'Family wedding' },
  });
  expect(blocked.status(), await blocked.text()).toBe(201);

  const { token } = await aConfirmedRequest(request, {
    category: 'florist',
    eventDate: date,
    location: CITY,
    budgetCents: 250_000,
    details: { pieces: ['Centerpieces'] },
    customer: { name: 'Drew Patel' },
  });
  const asked = (await (await request.get(`/api/public/requests/${token}`)).json()) as { data: { matched: number } };
  expect(asked.data.matched).toBe(2);
  expect((await listOf(request, blocking, 'potential')).map((quote) => quote.customer.name)).not.toContain('Drew Patel');
  expect((await listOf(request, other, 'potential')).map((quote) => quote.customer.name)).toContain('Drew Patel');
});

test('when an operator adds a 15th category file, then without a restart a couple asks for it with its own form and a vendor quotes it with its own quote form (the server’s errors on its fields when the form changed meanwhile)', async ({
  page,
  request,
}) => {
  const florist = JSON.parse(await readFile(path.join(server.schemasDir, 'categories', 'florist.json'), 'utf8')) as Record<string, unknown>;
  const balloons = {
    ...florist,
    id: 'balloon-decor',
    label: 'Balloon decor',
    description: 'Balloon arches, garlands and installations for ceremonies and receptions.',
    serviceName: 'balloon decor',
    vendorTypeId: 15,
    slugs: { profile: 'balloon-decor', quoteDetail: 'balloon-decor', autoResponse: 'balloon_decor' },
    settings: { ...(florist.settings as Record<string, unknown>), title: 'Balloon decor settings' },
    leadCost: 2,
    request: {
      version: 1,
      title: 'Your balloons',
      description: 'The pieces you want and your colors.',
      schema: {
        type: 'object',
        required: ['pieces'],
        properties: {
          pieces: {
            type: 'array',
            title: 'Which pieces?',
            minItems: 1,
            uniqueItems: true,
            items: { type: 'string', enum: ['Balloon arch', 'Garland', 'Table clusters', 'Ceiling installation'] },
          },
          palette: { type: 'string', title: 'Balloon colors', maxLength: 120 },
        },
      },
      uiSchema: { 'ui:order': ['pieces', 'palette'], pieces: { 'ui:widget': 'checkboxes' } },
    },
    quote: {
      version: 1,
      title: 'Your quote',
      description: 'The installation you propose.',
      schema: {
        type: 'object',
        required: ['design'],
        properties: {
          design: { type: 'string', title: 'The installation you propose', minLength: 10, maxLength: 2000 },
          balloon_count: { type: 'integer', title: 'Number of balloons', minimum: 1, maximum: 5000 },
          teardown_included: { type: 'boolean', title: 'Teardown included', default: true },
        },
      },
      uiSchema: { 'ui:order': ['design', 'balloon_count', 'teardown_included'], design: { 'ui:widget': 'counted', 'ui:options': { rows: 4 } } },
    },
    fit: [],
  };
  await writeFile(path.join(server.schemasDir, 'categories', 'balloon-decor.json'), `${JSON.stringify(balloons, null, 2)}\n`);
  await expect
    .poll(async () => ((await (await request.get('/api/config/categories')).json()) as { categories: { id: string }[] }).categories.map((c) => c.id))
    .toContain('balloon-decor');

  const decorator = await aVendor(request, { name: 'Pop Goes Austin', city: CITY, category: 15, radiusMiles: 40, noticeDays: 0 });
  const couple = uniqueEmail('couple');
  await page.goto('/request-quotes');
  await page.getByRole('radio', { name: /^Balloon decor/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your balloons' })).toBeFocused();
  await page.getByRole('checkbox', { name: 'Balloon arch' }).check();
  await page.getByLabel('Balloon colors').fill('Gold and ivory');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The server's clock is 46 days ahead of the browser's: a date both call the future.
  await page.getByLabel('Date of your event').fill(addDays(await serverToday(request), 60));
  await page.getByLabel('Where is it?').fill(CITY);
  await page.getByLabel('Number of guests').fill('80');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Your name').fill('Sky Morales');
  await page.getByLabel('Email').fill(couple);
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await linkFromOutbox(request, couple, '/requests/'));
  await expect(page.getByText('Sent to 1 vendor. You will get an email when a quote arrives.')).toBeVisible();

  await openMatch(page, decorator, 'Sky Morales', 'balloon-decor');
  await expect(page.getByRole('row', { name: /Which pieces\?/ })).toContainText('Balloon arch');
  await expect(page.getByRole('row', { name: /Balloon colors/ })).toContainText('Gold and ivory');
  await expect(page.getByText('Quoting costs 2 credits · you have 10')).toBeVisible();
  await page.getByRole('textbox', { name: 'The installation you propose' }).fill('An organic gold and ivory arch over the ceremony aisle.');
  await page.getByLabel('Your price (USD)').fill('950');
  await page.getByLabel('Message to the couple').fill('We would love to build your arch for the ceremony.');

  // Meanwhile the operator makes the balloon count compulsory: the page still checks with the form it loaded, the server with the new one.
  const tightened = { ...balloons, quote: { ...balloons.quote, version: 2, schema: { ...balloons.quote.schema, required: ['design', 'balloon_count'] } } };
  await writeFile(path.join(server.schemasDir, 'categories', 'balloon-decor.json'), `${JSON.stringify(tightened, null, 2)}\n`);
  await expect.poll(async () => ((await (await request.get('/api/config/forms/quote-balloon-decor')).json()) as { version: number }).version).toBe(2);
  await page.getByRole('button', { name: 'Send quote' }).click();
  await answerDialog(page.getByRole('dialog'), 'Spend 2 credits and send');
  // The server's refusal lands on the field it names, and nothing is spent.
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need your attention.' })).toBeVisible();
  const balloonCount = page.getByRole('textbox', { name: 'Number of balloons' });
  await expect(page.locator('.ant-form-item').filter({ has: balloonCount }).getByText('This field is required')).toBeVisible();
  await expect(page.getByText('Status: Potential')).toBeVisible();
  await expect(page.getByText('Quoting costs 2 credits · you have 10')).toBeVisible();

  await balloonCount.fill('450');
  await page.getByRole('button', { name: 'Send quote' }).click();
  await answerDialog(page.getByRole('dialog'), 'Spend 2 credits and send');
  await expect(page.getByText('Status: Submitted')).toBeVisible();
  await expect(page.getByRole('row', { name: /Number of balloons/ })).toContainText('450');
  await expect(page.getByRole('row', { name: /Teardown included/ })).toContainText('Yes');
  await expect(page.getByRole('link', { name: couple })).toBeVisible();
});
