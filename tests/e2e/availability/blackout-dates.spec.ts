import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations, settleAnimations } from '../support/axe';
import { GOOD_PASSWORD, openOrigin, signIn } from '../../support/browser/accounts';
import { aBookedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { completeAdmin, openAndSettle, setSession } from '../support/session';
import { answerDialog } from '../support/dialogs';

test.describe.configure({ timeout: 90_000 });

/** `YYYY-MM-DD` of the `day`th of next month. */
function nextMonthDay(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}

/** A calendar file: an all-day event, a timed one, a weekly one (3 times) and a free one. */
function icsFile(): Buffer {
  const d = (days: number) => dayFromNow(days).replaceAll('-', '');
  return Buffer.from(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Vowly e2e//EN',
      'BEGIN:VEVENT',
      'UID:e2e-allday',
      `DTSTART;VALUE=DATE:${d(100)}`,
      `DTEND;VALUE=DATE:${d(102)}`,
      'SUMMARY:Garcia wedding',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:e2e-timed',
      `DTSTART;TZID=America/Chicago:${d(110)}T150000`,
      `DTEND;TZID=America/Chicago:${d(110)}T220000`,
      'SUMMARY:Gala dinner',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:e2e-weekly',
      `DTSTART;VALUE=DATE:${d(120)}`,
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'SUMMARY:Market stall',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:e2e-free',
      `DTSTART;VALUE=DATE:${d(130)}`,
      'TRANSP:TRANSPARENT',
      'SUMMARY:Reminder',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
}

async function openBlackoutDates(page: Page, email: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  // Wide, through the menu; on a phone (the menu folded away) straight to the page.
  await signIn(page, email, GOOD_PASSWORD, width >= 992 ? undefined : '/blackout-dates');
  if (width >= 992) await page.getByRole('menuitem', { name: 'Blackout dates' }).click();
  await expect(page).toHaveURL(/\/blackout-dates$/);
  await expect(page.getByRole('heading', { name: 'Blackout dates', level: 2 })).toBeVisible();
}

const dayCell = (page: Page, day: string) => page.locator(`[data-day="${day}"]`);

/**
 * After a reload the calendar opens on this month, whose six-week grid ends early in the next: a
 * day two weeks ahead is past it near a month's end (on Nov 29 2026, Dec 13 is), so the next month
 * is shown then.
 */
async function showMonthHolding(page: Page, day: string): Promise<void> {
  await expect(dayCell(page, dayFromNow(0))).toBeVisible();
  if ((await dayCell(page, day).count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
}
const card = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });

async function expectAccessible(page: Page) {
  // Colours as they are at rest: a button under the pointer shows its lighter hover colour.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  await settleAnimations(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Answers a confirmation popover once it has finished opening (a click during its zoom-in can miss). */
async function confirm(page: Page, button: string) {
  const popover = page.getByRole('tooltip');
  await expect(popover).toBeVisible();
  await settleAnimations(page);
  await popover.getByRole('button', { name: button }).click();
  await expect(popover).toBeHidden();
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('when a vendor blocks a day and a range, removes one, imports a calendar and uses the feed link, then the calendar, the list and the feed agree', async ({
  page,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Peony Lane Flowers', radiusMiles: 50, noticeDays: 0 });
  const bookedDay = nextMonthDay(15);
  await aBookedQuote(
    request,
    florist,
    { eventDate: bookedDay, location: 'Austin, TX', details: { pieces: ['Bridal bouquets'] }, customer: { name: 'Jordan Avery' } },
    { priceCents: 120000, message: 'Garden roses and peonies, delivered and set up.', details: { arrangements: 'A bridal bouquet of garden roses.' } },
  );
  await openBlackoutDates(page, florist.email, 1280);

  // A single day, by clicking it (the 1st of next month, shown at the end of this month's grid).
  const single = nextMonthDay(1);
  await dayCell(page, single).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(new Intl.DateTimeFormat('en', { timeZone: 'UTC', dateStyle: 'full' }).format(new Date(`${single}T00:00:00Z`)))).toBeVisible();
  await dialog.getByLabel('Note (optional)').fill('Smith wedding');
  await answerDialog(dialog, 'Block this day');
  await expect(dialog).toBeHidden();
  await expect(dayCell(page, single)).toHaveAttribute('aria-label', /blocked: Smith wedding/);

  // The booked event is on the calendar, which now shows next month.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(dayCell(page, bookedDay)).toHaveAttribute('aria-label', /booked: Jordan Avery, Florist/);
  await expect(dayCell(page, bookedDay)).toContainText('Booked: Jordan Avery');
  await dayCell(page, bookedDay).click();
  await expect(dialog.getByText('Jordan Avery, Florist')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toBeHidden();

  // A range, with the form.
  const blockDays = card(page, 'Block days');
  await blockDays.getByLabel('First day').fill(nextMonthDay(20));
  await blockDays.getByLabel('First day').press('Enter');
  await blockDays.getByLabel('Last day').fill(nextMonthDay(22));
  await blockDays.getByLabel('Last day').press('Enter');
  await blockDays.getByLabel('Note (optional)').fill('Family holiday');
  await blockDays.getByRole('button', { name: 'Block days' }).click();
  for (const day of [20, 21, 22]) await expect(dayCell(page, nextMonthDay(day))).toHaveAttribute('aria-label', /blocked: Family holiday/);
  await expect(dayCell(page, nextMonthDay(23))).not.toHaveAttribute('aria-label', /blocked/);

  const upcoming = card(page, 'Upcoming blocks');
  await expect(upcoming.locator('.ant-list-item')).toHaveCount(2);
  await expect(upcoming.locator('.ant-list-item').nth(0)).toContainText('1 day · Smith wedding');
  await expect(upcoming.locator('.ant-list-item').nth(1)).toContainText('3 days · Family holiday');

  // Deleting one, confirmed.
  await upcoming
    .locator('.ant-list-item')
    .nth(0)
    .getByRole('button', { name: /^Remove the block of/ })
    .click();
  await confirm(page, 'Remove');
  await expect(upcoming.locator('.ant-list-item')).toHaveCount(1);
  await expect(dayCell(page, single)).not.toHaveAttribute('aria-label', /blocked/);

  // Importing an .ics file.
  const importCard = card(page, 'Import a calendar');
  await importCard.locator('input[type=file]').setInputFiles({ name: 'my-calendar.ics', mimeType: 'text/calendar', buffer: icsFile() });
  await expect(importCard.getByRole('status')).toHaveText('6 days blocked.');
  await expect(upcoming.getByText('Imported')).not.toHaveCount(0);
  await importCard.locator('input[type=file]').setInputFiles({ name: 'my-calendar.ics', mimeType: 'text/calendar', buffer: icsFile() });
  await expect(importCard.getByRole('status')).toHaveText('0 days blocked, 6 already blocked.');
  await importCard.locator('input[type=file]').setInputFiles({ name: 'notes.ics', mimeType: 'text/calendar', buffer: Buffer.from('Busy on Saturday') });
  await expect(importCard.getByRole('status')).toContainText('This file is not a calendar.');

  // The feed link: copied, read by a calendar app, reset.
  const feed = card(page, 'Calendar feed');
  const link = feed.getByLabel('Calendar feed link');
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/.+\.ics$/);
  const url = await link.inputValue();
  await feed.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Calendar link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const ics = await request.get(url);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await ics.text();
  expect(text).toContain('SUMMARY:Blocked: Family holiday');
  expect(text).toContain('SUMMARY:Booked: Jordan Avery\\, Florist');

  await feed.getByRole('button', { name: 'Reset link' }).click();
  await confirm(page, 'Reset link');
  await expect(link).not.toHaveValue(url);
  expect((await request.get(url)).status()).toBe(404);
  expect((await request.get(await link.inputValue())).status()).toBe(200);

  await expectAccessible(page);
});

test('when a vendor imports a calendar that would spin or that the parser refuses, then the page says why within seconds and still imports the next file', async ({
  page,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Thistle & Fern', radiusMiles: 50, noticeDays: 0 });
  await openBlackoutDates(page, florist.email, 1280);
  const importCard = card(page, 'Import a calendar');
  const status = importCard.getByRole('status');
  const calendarOf = (...lines: string[]) =>
    Buffer.from(
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:e2e-hostile', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join(
        '\r\n',
      ),
    );

  // A rule that never matches (a 30 February every day): ical.js would look for it for ever.
  await importCard.locator('input[type=file]').setInputFiles({
    name: 'never.ics',
    mimeType: 'text/calendar',
    buffer: calendarOf('DTSTART:20270101T090000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'SUMMARY:Never'),
  });
  await expect(status).toHaveText('This calendar repeats more events than we can read. Export only the coming months and try again.');

  await importCard.locator('input[type=file]').setInputFiles({
    name: 'yoga.ics',
    mimeType: 'text/calendar',
    buffer: calendarOf(`DTSTART;VALUE=DATE:${dayFromNow(10).replaceAll('-', '')}`, 'RRULE:FREQ=WEEKLY;BYMONTHDAY=30', 'SUMMARY:Yoga'),
  });
  await expect(status).toContainText('The repeating event "Yoga" (RRULE:FREQ=WEEKLY;BYMONTHDAY=30)');

  await importCard.locator('input[type=file]').setInputFiles({ name: 'my-calendar.ics', mimeType: 'text/calendar', buffer: icsFile() });
  await expect(status).toHaveText('6 days blocked.');
});

test('when a vendor on a phone blocks days with the keyboard and the form, then the page fits 375 px and reads well in light and dark', async ({
  page,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Thistle & Fern', radiusMiles: 50, noticeDays: 0 });
  await openBlackoutDates(page, florist.email, 375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The keyboard: today's cell takes the focus, the arrows move a week at a time, Enter opens the day.
  const today = dayFromNow(0);
  await dayCell(page, today).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(dayCell(page, dayFromNow(14))).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Note (optional)').fill('Studio day');
  await answerDialog(dialog, 'Block this day');
  await expect(dialog).toBeHidden();
  await expect(dayCell(page, dayFromNow(14))).toHaveAttribute('aria-label', /blocked: Studio day/);

  const blockDays = card(page, 'Block days');
  await blockDays.getByLabel('First day').fill(dayFromNow(40));
  await blockDays.getByLabel('First day').press('Enter');
  await blockDays.getByLabel('Note (optional)').fill('Out of town');
  await blockDays.getByRole('button', { name: 'Block days' }).click();
  const upcoming = card(page, 'Upcoming blocks');
  await expect(upcoming.locator('.ant-list-item')).toHaveCount(2);
  await expect(upcoming.locator('.ant-list-item').nth(1)).toContainText('1 day · Out of town');

  // Refused by the form before the server: a last day before the first.
  await blockDays.getByLabel('First day').fill(dayFromNow(30));
  await blockDays.getByLabel('First day').press('Enter');
  await blockDays.getByLabel('Last day').fill(dayFromNow(50));
  await blockDays.getByLabel('Last day').press('Enter');
  await blockDays.getByLabel('First day').fill(dayFromNow(60));
  await blockDays.getByLabel('First day').press('Enter');
  await blockDays.getByRole('button', { name: 'Block days' }).click();
  await expect(blockDays.getByText('The last day cannot be before the first')).toBeVisible();

  await expect(card(page, 'Calendar feed').getByLabel('Calendar feed link')).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  await page.evaluate(() => localStorage.setItem('vowly-skin', 'dark'));
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/dark-layout/);
  await showMonthHolding(page, dayFromNow(14));
  await expect(dayCell(page, dayFromNow(14))).toHaveAttribute('aria-label', /blocked: Studio day/);
  await expectAccessible(page);
});

test('when the server cannot answer, then each part of the page says so and nothing breaks', async ({ page }) => {
  await openOrigin(page);
  await setSession(page, completeAdmin);
  await openAndSettle(page, '/blackout-dates');
  await expect(page.getByText('The calendar could not be loaded.')).toBeVisible();
  await expect(page.getByText('The blocks could not be loaded.')).toBeVisible();
  await expect(card(page, 'Calendar feed').getByRole('button', { name: 'Copy link' })).toBeDisabled();
});
