import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { GOOD_PASSWORD, signIn } from '../support/browser/accounts';
import { aBookedQuote, aConfirmedRequest, aQuotedQuote, aVendor, dayFromNow } from '../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { expect, test } from './support/test';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const FLORIST_ASK = { location: 'Austin, TX', details: { pieces: ['Bridal bouquets'], colors: 'Ivory' } };

test.describe.configure({ timeout: 120_000 });

/** The value of a stat card of "Your results". */
function stat(results: Locator, label: string): Locator {
  return results
    .locator('.analytics__stat')
    .filter({ has: results.page().getByText(label, { exact: true }) })
    .locator('dd');
}

function results(page: Page): Locator {
  return page.getByRole('region', { name: 'Your results' });
}

test('when a vendor with quotes opens the dashboard, then it sees its numbers and charts, switches the period, downloads the CSV, and the page is accessible on a phone and a desktop', async ({
  page,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Analytic Anemones', city: 'Austin, TX' });
  // A booking ($1,850), a quote waiting for the couple ($900), and a match not answered yet.
  await aBookedQuote(request, florist, { ...FLORIST_ASK, eventDate: dayFromNow(60), customer: { name: 'Ivy Booked' } });
  await aConfirmedRequest(request, { ...FLORIST_ASK, eventDate: dayFromNow(70), customer: { name: 'Quinn Quoted' }, vendorId: florist.vendorId });
  await aQuotedQuote(request, florist, { customer: 'Quinn Quoted', priceCents: 90_000 });
  await aConfirmedRequest(request, { ...FLORIST_ASK, eventDate: dayFromNow(80), customer: { name: 'Pat Potential' }, vendorId: florist.vendorId });

  await page.setViewportSize(DESKTOP);
  await signIn(page, florist.email, GOOD_PASSWORD);

  // The setup checklist comes first while the profile is incomplete.
  const checklist = page.getByRole('region', { name: 'Finish setting up your profile' });
  await expect(checklist.getByRole('progressbar')).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Set up your Florist auto-response' })).toHaveAttribute('href', '/auto-response/florist');

  const section = results(page);
  await expect(stat(section, 'Leads')).toHaveText('3');
  await expect(stat(section, 'Quotes sent')).toHaveText('2');
  await expect(stat(section, 'Win rate')).toHaveText('50%');
  await expect(stat(section, 'Revenue won')).toHaveText('$1,850');
  await expect(stat(section, 'Response rate')).toHaveText('67%');
  await expect(stat(section, 'Profile views')).toHaveText('0');
  await expect(section.getByRole('link', { name: /Answer your 1 potential match/ })).toHaveAttribute('href', '/potential-matches');
  // The charts are drawn, and their numbers are in a table for assistive technology.
  await expect(section.locator('figure svg rect').first()).toBeAttached();
  const byCategory = section.getByRole('table', { name: 'Leads and bookings by category, last 30 days' });
  await expect(byCategory.getByRole('row', { name: /Florist/ }).getByRole('cell')).toHaveText(['3', '1']);
  await expectAccessible(page, 'the dashboard with analytics at 1280 px');

  // 90 days: read again, the same leads.
  const ninety = page.waitForResponse((response) => response.url().includes('/api/analytics?days=90') && response.status() === 200);
  await section.getByText('90 days', { exact: true }).click();
  await ninety;
  await expect(section.getByRole('table', { name: 'Leads, quotes and bookings by month, last 90 days' })).toBeAttached();
  await expect(stat(section, 'Leads')).toHaveText('3');

  // The CSV of the period, through the app's client (with the bearer), saved as a file.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: /Download CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('quotes-90d.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe('id,created,category,event date,status,submitted,price,first response minutes,credits spent');
  expect(lines).toHaveLength(4);
  expect(lines.filter((line) => line.includes(',accepted,'))).toHaveLength(1);

  await page.setViewportSize(PHONE);
  await expect(stat(section, 'Leads')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the dashboard with analytics at 375 px');
  await expectAccessible(page, 'the dashboard with analytics at 375 px');
});
