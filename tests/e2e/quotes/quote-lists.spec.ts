import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearerOf, GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aQuotedQuote, aVendor, dayFromNow, type Vendor } from '../../support/browser/builders';
import { quotesOf } from '../../support/browser/quotes';
import { expectAccessible } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';

test.describe.configure({ timeout: 120_000 });

/** The city of this spec's businesses and requests: no other spec's businesses work near it. */
const CITY = 'Des Moines, IA';
/** The city of the one request sent to every florist near it, far from the others of this spec. */
const SHARED_CITY = 'Omaha, NE';

/** What this spec's florists quote. */
const QUOTE = { message: 'Garden roses and peonies, delivered and set up.', details: { arrangements: 'A bridal bouquet of garden roses.' } };

/** Rows per page of a list (client/src/features/quotes/list-filters.ts). */
const PAGE_SIZE = 20;

/**
 * A couple asks `florist` directly for `eventDate` and confirms through the mailed link. Without a
 * florist, the request goes to every florist near the city.
 */
async function askFlorist(
  request: APIRequestContext,
  input: { florist?: Vendor; customer: string; eventDate: string; budgetCents?: number; city?: string },
): Promise<string> {
  const { token } = await aConfirmedRequest(request, {
    eventDate: input.eventDate,
    location: input.city ?? CITY,
    guests: 120,
    budgetCents: input.budgetCents ?? 300_000,
    details: { pieces: ['Bridal bouquets', 'Centerpieces'] },
    customer: { name: input.customer },
    ...(input.florist ? { vendorId: input.florist.vendorId } : {}),
  });
  return token;
}

const rows = (page: Page) => page.locator('.quote-table tbody tr.ant-table-row');
const customerLinks = (page: Page) => rows(page).locator('td:first-child a');
/** The menu's badge of new matches, saying `count`. */
const badge = (page: Page, count: number) => page.getByRole('menuitem', { name: /Potential matches/ }).getByLabel(`${count} new`, { exact: true });
const widget = (page: Page, name: string): Locator => page.getByRole('region', { name });

/** 22 couples with distinct names and event dates a week apart, the first asked first. */
const COUPLES = [
  'Avery Okafor',
  'Blake Nguyen',
  'Casey Lindqvist',
  'Devon Ramirez',
  'Emerson Kowalski',
  'Finley Adeyemi',
  'Gray Moreau',
  'Harper Castillo',
  'Indigo Haddad',
  'Jordan Whitfield',
  'Kai Brennan',
  'Logan Sato',
  'Morgan Delacroix',
  'Noel Ferreira',
  'Oakley Janssen',
  'Parker Olsen',
  'Quinn Abernathy',
  'Reese Varga',
  'Sawyer Mbeki',
  'Taylor Quintero',
  'Umber Novak',
  'Vesper Ilunga',
];
/** Event dates in another order than the requests': the order by event date differs from the order received. */
const eventDayOf = (i: number) => dayFromNow(40 + ((i * 9) % COUPLES.length) * 7);

test('when a florist has more matches than a page, then the list shows the newest first, sorts by event date, filters by dates, searches a name, loads more, keeps its filters in the URL, and opening one goes to its page and lowers the badge', async ({
  page,
  request,
}, testInfo) => {
  const florist = await aVendor(request, { name: 'Prairie Stems', city: CITY, radiusMiles: 40, noticeDays: 0 });
  for (const [i, customer] of COUPLES.entries()) await askFlorist(request, { florist, customer, eventDate: eventDayOf(i), budgetCents: 250_000 + i * 100 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, florist.email);
  await expect(badge(page, COUPLES.length)).toBeVisible();
  await page.getByRole('menuitem', { name: /Potential matches/ }).click();
  await expect(page).toHaveURL(/\/potential-matches$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Potential matches' })).toBeVisible();

  // Newest received first, a page at a time, every match new and sent to this florist alone.
  await expect(rows(page)).toHaveCount(PAGE_SIZE);
  await expect(page.getByText(`Showing ${PAGE_SIZE} of ${COUPLES.length}`)).toBeVisible();
  await expect(customerLinks(page).first()).toHaveText(COUPLES.at(-1) ?? '');
  const newest = rows(page).first();
  await expect(newest.getByText('New', { exact: true })).toBeVisible();
  await expect(newest.getByText('Only you')).toBeVisible();
  await expect(newest.getByText('$2,521')).toBeVisible();
  await expect(newest.locator('td').last()).toHaveText(/^(just now|\d+ minutes? ago)$/);
  // Every column fits beside the menu, without scrolling sideways.
  expect(await page.locator('.quote-table .ant-table-content').evaluate((table) => table.scrollWidth <= table.clientWidth)).toBe(true);
  await expectAccessible(page, 'the potential matches');
  await keepScreenshot(page, testInfo, 'quote-list-potential-matches');

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(page)).toHaveCount(COUPLES.length);
  await expect(page.getByText(`Showing ${COUPLES.length} of ${COUPLES.length}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(customerLinks(page).last()).toHaveText(COUPLES[0] ?? '');

  // Soonest event first.
  const byDate = [...COUPLES.keys()].sort((a, b) => eventDayOf(a).localeCompare(eventDayOf(b)));
  // antd draws the radio buttons over their inputs: the vendor clicks the button's label.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Soonest event' }) })
    .click();
  await expect(page).toHaveURL(/[?&]sort=event-date/);
  await expect(customerLinks(page).first()).toHaveText(COUPLES[byDate[0] ?? 0] ?? '');
  await expect(customerLinks(page).nth(1)).toHaveText(COUPLES[byDate[1] ?? 0] ?? '');

  // Three weeks of events.
  const [from, to] = [eventDayOf(byDate[3] ?? 0), eventDayOf(byDate[5] ?? 0)];
  await page.getByLabel('Event from').fill(from);
  await page.getByLabel('Event to').fill(to);
  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}`));
  await expect(customerLinks(page)).toHaveText([3, 4, 5].map((k) => COUPLES[byDate[k] ?? 0] ?? ''));
  await expect(page.getByText('Showing 3', { exact: true })).toBeVisible();

  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByLabel('Event from')).toHaveValue(from);
  await expect(page.getByRole('radio', { name: 'Soonest event' })).toBeChecked();
  await expect(rows(page)).toHaveCount(3);

  // A name that none of them has, then clearing.
  await page.getByLabel('Customer name').fill('Nobody Here');
  await expect(page.getByText('No quotes match these filters.')).toBeVisible();
  await expectAccessible(page, 'no quote matches the filters');
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/potential-matches\?sort=event-date$/);
  await expect(page.getByLabel('Customer name')).toHaveValue('');
  await expect(rows(page)).toHaveCount(PAGE_SIZE);

  // Part of a name, in any case.
  const wanted = 'Indigo Haddad';
  await page.getByLabel('Customer name').fill('haddad');
  await expect(page).toHaveURL(/[?&]q=haddad/);
  await expect(customerLinks(page)).toHaveText([wanted]);

  // Opening it: its page, the badge one lower, and back on the list with the search kept and the match no longer new.
  const link = page.getByRole('link', { name: wanted });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/florist-quote-detail\/[0-9a-f-]{36}$/);
  const [match] = (await quotesOf(request, florist, 'potential')).filter((q) => href?.endsWith(q.id));
  expect(match).toBeDefined();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(badge(page, COUPLES.length - 1)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/potential-matches\?sort=event-date&q=haddad$/);
  await expect(page.getByLabel('Customer name')).toHaveValue('haddad');
  await expect(customerLinks(page)).toHaveText([wanted]);
  await expect(rows(page).first().getByText('New', { exact: true })).toHaveCount(0);
});

test('when a florist has new matches, a quote out and a booking, then the dashboard counts them, shows the balance and the next event, follows a match opened elsewhere, and each widget links to its list or quote', async ({
  page,
  request,
}, testInfo) => {
  const florist = await aVendor(request, { name: 'Raccoon River Flowers', city: CITY, radiusMiles: 40, noticeDays: 0 });
  await askFlorist(request, { florist, customer: 'Wren Caldwell', eventDate: dayFromNow(60) });
  await askFlorist(request, { florist, customer: 'Sage Holloway', eventDate: dayFromNow(70) });
  await askFlorist(request, { florist, customer: 'Rowan Pike', eventDate: dayFromNow(80) });
  const booked = await askFlorist(request, { florist, customer: 'Ellis Marlowe', eventDate: dayFromNow(90) });
  await aQuotedQuote(request, florist, { customer: 'Rowan Pike', message: QUOTE.message, details: QUOTE.details });
  const bookedId = await aQuotedQuote(request, florist, { customer: 'Ellis Marlowe', message: QUOTE.message, details: QUOTE.details });
  expect((await request.post(`/api/public/requests/${booked}/quotes/${bookedId}/accept`)).status()).toBe(200);
  const credits = (await (await request.get('/api/credits', { headers: await bearerOf(request, florist.email) })).json()) as { data: { balance: number } };
  const { trialCredits } = (await (await request.get('/api/config/plans')).json()) as { trialCredits: number };
  expect(credits.data.balance).toBe(trialCredits - 2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, florist.email);
  await expect(page.getByText('Your new matches, open quotes and credits will appear here')).toHaveCount(0);

  const matches = widget(page, 'New matches');
  await expect(matches).toContainText('2 requests you have not opened');
  await expect(matches.getByRole('link', { name: 'See potential matches' })).toHaveAttribute('href', '/potential-matches');
  const awaiting = widget(page, 'Awaiting the couple');
  await expect(awaiting).toContainText('1 quote sent, waiting for an answer');
  await expect(awaiting.getByRole('link', { name: 'See submitted quotes' })).toHaveAttribute('href', '/submitted-quotes');
  const balance = widget(page, 'Credits');
  await expect(balance).toContainText(`${trialCredits - 2} credits left for quoting`);
  await expect(balance.getByRole('link', { name: 'Buy more credits' })).toHaveAttribute('href', '/buy-more-credits');
  const upcoming = widget(page, 'Upcoming events');
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await expect(upcoming.getByRole('listitem')).toContainText(`Florist · ${CITY}`);
  await expect(upcoming.getByRole('link', { name: 'Ellis Marlowe' })).toHaveAttribute('href', `/florist-quote-detail/${bookedId}`);
  await expect(badge(page, 2)).toBeVisible();
  await expectAccessible(page, 'the dashboard with its widgets');
  await keepScreenshot(page, testInfo, 'dashboard-widgets');

  // A team mate opens a match in another tab: coming back to this one reads the counts again.
  const [opened] = await quotesOf(request, florist, 'potential');
  expect((await request.get(`/api/quotes/${opened?.id ?? ''}`, { headers: await bearerOf(request, florist.email) })).status()).toBe(200);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(badge(page, 1)).toBeVisible();
  await expect(widget(page, 'New matches')).toContainText('1 request you have not opened');

  await awaiting.getByRole('link', { name: 'See submitted quotes' }).click();
  await expect(page).toHaveURL(/\/submitted-quotes$/);
  await expect(customerLinks(page)).toHaveText(['Rowan Pike']);
  await expect(rows(page).first().getByText('$1,850')).toBeVisible();
  await page.goBack();
  await widget(page, 'Upcoming events').getByRole('link', { name: 'See all bookings' }).click();
  await expect(page).toHaveURL(/\/accepted-quotes$/);
  await expect(customerLinks(page)).toHaveText(['Ellis Marlowe']);
  await expectAccessible(page, 'the accepted quotes');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('when a florist opens its lists on a phone, then each quote is a card without sideways scrolling, a shared request says how many vendors got it, and a declined one says why it closed', async ({
    page,
    request,
  }, testInfo) => {
    const florist = await aVendor(request, { name: 'Dundee Blooms', city: SHARED_CITY, radiusMiles: 40, noticeDays: 0 });
    const other = await aVendor(request, { name: 'Old Market Petals', city: SHARED_CITY, radiusMiles: 40, noticeDays: 0 });
    await askFlorist(request, { customer: 'Marlow Ashby', eventDate: dayFromNow(100), city: SHARED_CITY });
    await askFlorist(request, { florist, customer: 'Tatum Greer', eventDate: dayFromNow(110), city: SHARED_CITY });
    await askFlorist(request, { florist, customer: 'Lennox Hale', eventDate: dayFromNow(120), city: SHARED_CITY });
    expect((await quotesOf(request, other, 'potential')).length).toBe(1);
    // Every florist near the city got it (a retry of this test adds the first attempt's).
    const sharedWith = (
      (await quotesOf(request, florist, 'potential')).find((q) => (q as { customer?: { name: string } }).customer?.name === 'Marlow Ashby') as
        | { competitors?: number }
        | undefined
    )?.competitors;
    expect(sharedWith).toBeGreaterThanOrEqual(2);
    const declined = (await quotesOf(request, florist, 'potential')).find((q) => (q as { customer?: { name: string } }).customer?.name === 'Lennox Hale');
    const refused = await request.post(`/api/quotes/${declined?.id ?? ''}/decline`, {
      headers: await bearerOf(request, florist.email),
      data: { reason: 'Away that week' },
    });
    expect(refused.status()).toBe(200);

    await signIn(page, florist.email, GOOD_PASSWORD, '/potential-matches');
    const cards = page.locator('.quote-cards > li');
    await expect(cards).toHaveCount(2);
    await expect(page.locator('.quote-table')).toHaveCount(0);
    const shared = cards.filter({ hasText: 'Marlow Ashby' });
    await expect(shared.getByText(`${sharedWith ?? 2} vendors`)).toBeVisible();
    await expect(shared.getByText('New', { exact: true })).toBeVisible();
    await expect(cards.filter({ hasText: 'Tatum Greer' }).getByText('Only you')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the potential matches on a phone');
    await keepScreenshot(page, testInfo, 'phone-quote-list');

    await page.goto('/closed-matches');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Lennox Hale');
    await expect(cards.first()).toContainText('You declined');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/dashboard');
    await expect(widget(page, 'New matches')).toContainText('2 requests you have not opened');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'the dashboard on a phone');
  });

  test('when a new florist has no matches yet, then the list says how to get some, with links to its profile and its service radius', async ({
    page,
    request,
  }) => {
    const florist = await aVendor(request, { name: 'Beaverdale Botanicals', city: CITY, radiusMiles: 40, noticeDays: 0 });
    await signIn(page, florist.email, GOOD_PASSWORD, '/potential-matches');
    await expect(page.getByText('No potential matches yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/edit-profile');
    await expect(page.getByRole('link', { name: 'Widen your service radius' })).toHaveAttribute('href', '/business-details');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
    await expectAccessible(page, 'no potential matches');
  });
});
