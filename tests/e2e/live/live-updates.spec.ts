import type { Page } from '@playwright/test';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aQuotedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { expectAccessible } from '../support/page-checks';
import { expect, test } from '../support/test';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
/** This spec's florists work here; each request goes to one of them (from its profile). */
const CITY = 'Yakima, WA';
/*
 * The changes below show on open screens with no reload and no polling (the vendor's screens no
 * longer poll; focus does not change in these pages): within Playwright's expect limit, the
 * suite's one (tests/support/time-limits.ts), so a loaded machine does not fail them. Live events
 * arrive within a second (tests/api/live: post -> event on another instance < 1 s; the bench: p99 under 50 ms).
 */

test('when the couple writes from their phone, then the vendor inbox open on a desktop shows it and the badge rises without a reload, and the couple reads the quick reply', async ({
  browser,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Naches River Blooms', city: CITY, radiusMiles: 40, noticeDays: 0 });
  const { token } = await aConfirmedRequest(request, {
    eventDate: dayFromNow(140),
    location: CITY,
    details: { pieces: ['Bridal bouquets'], colors: 'Peach' },
    customer: { name: 'Maya Lindqvist' },
    vendorId: florist.vendorId,
  });
  await aQuotedQuote(request, florist, { customer: 'Maya Lindqvist' });

  // The vendor's inbox is open first, with nothing new.
  const vendorContext = await browser.newContext({ viewport: DESKTOP });
  const vendor = await vendorContext.newPage();
  await signIn(vendor, florist.email, GOOD_PASSWORD, '/messages');
  const menuEntry = vendor.getByRole('menuitem', { name: /Messages/ });
  await expect(vendor.getByText('No messages yet.', { exact: false })).toBeVisible();
  await expect(menuEntry.getByLabel('1 new', { exact: true })).toHaveCount(0);

  // The couple writes from a phone.
  const coupleContext = await browser.newContext({ viewport: PHONE });
  const couple = await coupleContext.newPage();
  await couple.goto(`/requests/${token}`);
  const card = couple.locator('.quote-card').filter({ hasText: florist.name });
  await card.getByRole('button', { name: `Messages with ${florist.name}` }).click();
  await card.getByRole('textbox', { name: `Write to ${florist.name}` }).fill('Can the bouquets be ready by 9 am?');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByTestId('thread-message')).toHaveCount(1);

  // The vendor's open inbox shows it, and the badge rises, with no reload.
  const row = vendor.getByTestId('inbox-thread').filter({ hasText: 'Maya Lindqvist' });
  await expect(row).toContainText('Can the bouquets be ready by 9 am?');
  await expect(menuEntry.getByLabel('1 new', { exact: true })).toBeVisible();

  // The vendor answers with a quick reply, edited.
  await row.click();
  const thread = vendor.getByRole('region', { name: 'Maya Lindqvist' });
  await thread.getByRole('button', { name: 'Quick replies' }).click();
  await vendor.getByRole('menuitem', { name: 'Not a good fit' }).click();
  const box = thread.getByRole('textbox', { name: 'Write to Maya Lindqvist' });
  await expect(box).toHaveValue(/not a good fit/);
  await box.fill('Yes, 8:30 am at the latest.');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('thread-message')).toHaveCount(2);

  // The couple reads it; the vendor's open thread shows "Read" without a reload.
  await couple.reload();
  await expect(card.getByText('Yes, 8:30 am at the latest.')).toBeVisible();
  await expect(thread.getByText(/· Read /)).toBeVisible();
  await expectAccessible(vendor, 'the inbox updated live');
  await coupleContext.close();
  await vendorContext.close();
});

test('when three dashboard tabs are open, then they share one event stream, all update on a new match, and another tab takes the stream over when the first closes', async ({
  browser,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Tieton Flower Co', city: CITY, radiusMiles: 40, noticeDays: 0 });
  const context = await browser.newContext({ viewport: DESKTOP });
  // The pages that opened the event stream (a 401 retry is not one: the e2e server's tokens live 4 s).
  const streamsOf = new Map<Page, number>();
  context.on('response', (answer) => {
    if (new URL(answer.url()).pathname !== '/api/events' || answer.status() !== 200) return;
    const page = answer.frame().page();
    streamsOf.set(page, (streamsOf.get(page) ?? 0) + 1);
  });
  const streamingPages = () => [...streamsOf.keys()];

  const first = await context.newPage();
  await signIn(first, florist.email, GOOD_PASSWORD);
  const others = [await context.newPage(), await context.newPage()];
  for (const page of others) await page.goto('/potential-matches');
  const tabs = [first, ...others];
  // Each tab shown once (a tab in the background has its timers throttled by the browser while it loads).
  for (const page of tabs) {
    await page.bringToFront();
    await expect(page.getByRole('menuitem', { name: /Potential matches/ })).toBeVisible();
  }
  await expect.poll(() => streamingPages().length).toBe(1);
  const [leader] = streamingPages();

  // A couple asks this florist: every tab's badge says so, and the open lists show the match.
  await aConfirmedRequest(request, {
    eventDate: dayFromNow(120),
    location: CITY,
    details: { pieces: ['Centerpieces'], colors: 'White' },
    customer: { name: 'Jon Park' },
    vendorId: florist.vendorId,
  });
  for (const page of tabs) {
    await expect(page.getByRole('menuitem', { name: /Potential matches/ }).getByLabel('1 new', { exact: true })).toBeVisible();
  }
  for (const page of others) await expect(page.getByText('Jon Park')).toBeVisible();
  expect(streamingPages()).toEqual([leader]);

  // The leader closes: one of the others opens the stream, and still hears the next match.
  await leader!.close();
  const rest = tabs.filter((page) => page !== leader);
  await expect.poll(() => streamingPages().length).toBe(2);
  expect(rest).toContain(streamingPages()[1]);
  await aConfirmedRequest(request, {
    eventDate: dayFromNow(125),
    location: CITY,
    details: { pieces: ['Bridal bouquets'], colors: 'Blue' },
    customer: { name: 'Ada Quist' },
    vendorId: florist.vendorId,
  });
  for (const page of rest) {
    await expect(page.getByRole('menuitem', { name: /Potential matches/ }).getByLabel('2 new', { exact: true })).toBeVisible();
  }
  await context.close();
});
