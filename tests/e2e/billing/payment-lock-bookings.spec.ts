import { aBookedQuote, aCardOnFile, aVendorOnPlan, CARDS, dayFromNow } from '../../support/browser/builders';
import { useOwnServer } from '../support/own-server';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';
import { advanceClock, billingOf, signInAs } from './billing-support';

/**
 * Issue 24: a vendor locked on update-payment-method by a failed renewal still sees the couples
 * they are booked with, and how to reach them, and can sign out. On a server of its own: its clock
 * moves past the period's end so the renewal runs.
 */
const PORT = 4291;
const PHONE = { width: 375, height: 800 };
const DAY_MS = 24 * 60 * 60 * 1000;
const RENEWAL_IN_DAYS = 32;
const FLORIST_ASK = { location: 'Austin, TX', details: { pieces: ['Bridal bouquets'], colors: 'Ivory' } };

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: PHONE });

useOwnServer(PORT);

/** Days from now to the Saturday of the weekend after the clock has moved `moved` days (1 to 7 days after it). */
function daysToWeekendAfter(moved: number): number {
  const day = new Date(Date.now() + moved * DAY_MS).getUTCDay();
  return moved + ((6 - day + 7) % 7 || 7);
}

test('when a vendor with a couple booked this weekend has a renewal fail, then on a phone update-payment-method shows the couple’s name, a phone to call and an email to write, and Sign out signs them out', async ({
  page,
  request,
}, testInfo) => {
  const business = await aVendorOnPlan(request, { name: 'Hill Country Blooms', plan: 'starter', radiusMiles: 40, noticeDays: 0 });
  await aCardOnFile(request, business, CARDS.failsLater);
  const weekend = daysToWeekendAfter(RENEWAL_IN_DAYS);
  const couple = await aBookedQuote(request, business, {
    ...FLORIST_ASK,
    eventDate: dayFromNow(weekend),
    customer: { name: 'Maya & Theo Alvarez', phone: '(512) 555-0199' },
  });
  await aBookedQuote(request, business, { ...FLORIST_ASK, eventDate: dayFromNow(weekend + 14), customer: { name: 'Jordan Lee' } });

  await advanceClock(request, RENEWAL_IN_DAYS);
  expect(await billingOf(request, business.email)).toMatchObject({ status: 'payment_failed' });

  await signInAs(page, business.email, '/update-payment-method');
  // Locked: the dashboard comes back here.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/update-payment-method$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment failed' })).toBeVisible();

  const bookings = page.getByRole('region', { name: 'Your upcoming bookings' });
  const names = bookings.getByRole('heading', { level: 4 });
  // Soonest first.
  await expect(names).toHaveText(['Maya & Theo Alvarez', 'Jordan Lee']);
  const first = bookings.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Maya & Theo Alvarez' }) });
  await expect(first.getByText('Florist · Austin, TX')).toBeVisible();
  await expect(first.getByRole('link', { name: 'Phone: (512) 555-0199' })).toHaveAttribute('href', 'tel:5125550199');
  await expect(first.getByRole('link', { name: `Email: ${couple.email}` })).toHaveAttribute('href', `mailto:${couple.email}`);
  await expect(page.getByRole('button', { name: 'Save card and pay $29.00' })).toBeVisible();
  await expectAccessible(page, 'update payment method with the booked couples');
  await expectNoSidewaysScroll(page, 'update payment method with the booked couples');
  await keepScreenshot(page, testInfo, 'phone-payment-lock-bookings');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('vendorAccessToken'))).toBeNull();
  await page.goto('/update-payment-method');
  await expect(page).toHaveURL(/\/$/);
});
