import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aBookedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { useOwnServer } from '../support/own-server';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { expect, test } from '../support/test';
import { answerDialog } from '../support/dialogs';

/** Reviews need a completed booking: this spec moves the clock past the event, on a server of its own. */
const PORT = 4203;
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

useOwnServer(PORT);

test('when the couple reviews their vendor after the event, then the vendor reads it on /reviews with the average, replies publicly, and the couple sees the reply', async ({
  browser,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Bluebonnet Blooms', city: 'Austin, TX', radiusMiles: 40, noticeDays: 0 });
  const { token } = await aBookedQuote(request, florist, {
    eventDate: dayFromNow(5),
    location: 'Austin, TX',
    details: { pieces: ['Bridal bouquets'], colors: 'Blue and white' },
    customer: { name: 'Grace Kim' },
  });
  const moved = await request.post('/dev/clock', { data: { advanceDays: 7 } });
  expect(moved.status(), await moved.text()).toBe(200);

  // The couple, on a phone: a review form under the completed booking.
  const coupleContext = await browser.newContext({ viewport: PHONE, baseURL: `http://127.0.0.1:${PORT}` });
  const couple = await coupleContext.newPage();
  await couple.goto(`/requests/${token}`);
  const form = couple.getByRole('region', { name: `Your review of ${florist.name}` });
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(form.getByText('Choose from 1 to 5 stars')).toBeVisible();
  await form.locator('.ant-rate-star').nth(4).click();
  await form.getByLabel('Title (optional)').fill('Stunning bouquets');
  await form.getByLabel('Your review').fill('Every arrangement was perfect and they arrived early.');
  await expectAccessible(couple, 'the review form on a phone');
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(form.getByRole('heading', { name: 'Your review', exact: true })).toBeVisible();
  await expect(form.getByText('Stunning bouquets')).toBeVisible();
  await expectNoSidewaysScroll(couple, 'a published review on a phone');

  // The vendor: the average, the distribution, the reply.
  const vendorContext = await browser.newContext({ viewport: DESKTOP, baseURL: `http://127.0.0.1:${PORT}` });
  const vendor = await vendorContext.newPage();
  await signIn(vendor, florist.email, GOOD_PASSWORD, '/reviews');
  await expect(vendor.getByText('5.0')).toBeVisible();
  await expect(vendor.getByText('1 review', { exact: true })).toBeVisible();
  const card = vendor.getByTestId('review').filter({ hasText: 'Stunning bouquets' });
  await expect(card).toContainText('Grace Kim');
  await card.getByRole('button', { name: 'Reply' }).click();
  await card.getByLabel('Your public reply').fill('Thank you, Grace! It was a joy.');
  await card.getByRole('button', { name: 'Publish reply' }).click();
  await expect(card.getByText('Thank you, Grace! It was a joy.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit reply' })).toBeVisible();
  await expectAccessible(vendor, '/reviews with a reply');

  // Filtering by a rating nobody gave says so.
  await vendor.getByRole('list', { name: 'Reviews by rating' }).getByRole('button', { name: '2 stars' }).click();
  await expect(vendor.getByText('No review with this rating.')).toBeVisible();

  // Reporting keeps it published.
  await vendor.getByRole('list', { name: 'Reviews by rating' }).getByRole('button', { name: '2 stars' }).click();
  await card.getByRole('button', { name: 'Report' }).click();
  const dialog = vendor.getByRole('dialog', { name: 'Report this review to support' });
  await dialog.getByRole('radio', { name: 'It is about another event or vendor' }).check();
  await answerDialog(dialog, 'Send report');
  await expect(vendor.getByText('Support will look at this review. It stays published meanwhile.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  // Once: the card says when, instead of offering another report.
  await expect(card.getByText(/^Reported to support (today at|on) /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Report' })).toHaveCount(0);

  // Loaded again at phone width: the desktop layout does not reflow from a resize alone.
  await vendor.setViewportSize(PHONE);
  await vendor.reload();
  await expect(card.getByText(/^Reported to support /)).toBeVisible();
  await expectNoSidewaysScroll(vendor, '/reviews on a phone');
  await expectAccessible(vendor, '/reviews on a phone');

  // The couple sees the reply.
  await couple.reload();
  await expect(couple.getByText(`${florist.name} replied`)).toBeVisible();
  await expect(couple.getByText('Thank you, Grace! It was a joy.')).toBeVisible();
  await coupleContext.close();
  await vendorContext.close();
});
