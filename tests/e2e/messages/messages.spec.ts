import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aQuotedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { answerDialog } from '../support/dialogs';
import { expect, test } from '../support/test';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
/** This spec's florists work here; each request goes to one of them (from its profile). */
const CITY = 'Spokane, WA';

test('when the couple writes from their phone, then the vendor finds it in the inbox and on the quote page, answers with a quick reply, and the couple reads it with a read receipt', async ({
  browser,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Sawtooth Stems', city: CITY, radiusMiles: 40, noticeDays: 0 });
  const { token } = await aConfirmedRequest(request, {
    eventDate: dayFromNow(150),
    location: CITY,
    details: { pieces: ['Bridal bouquets'], colors: 'Sage and white' },
    customer: { name: 'Rosa Delgado' },
    vendorId: florist.vendorId,
  });
  const quoteId = await aQuotedQuote(request, florist, { customer: 'Rosa Delgado' });

  // The couple, on a phone: the reply box under the quote.
  const coupleContext = await browser.newContext({ viewport: PHONE });
  const couple = await coupleContext.newPage();
  await couple.goto(`/requests/${token}`);
  const card = couple.locator('.quote-card').filter({ hasText: florist.name });
  await card.getByRole('button', { name: `Messages with ${florist.name}` }).click();
  const box = card.getByRole('textbox', { name: `Write to ${florist.name}` });
  await box.fill('Could you add a flower crown? Our moodboard: https://example.com/board <b>thanks</b>');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByTestId('thread-message')).toHaveCount(1);
  // Text only: the address is a link, the tag is shown as typed.
  await expect(card.getByRole('link', { name: 'https://example.com/board' })).toHaveAttribute('href', 'https://example.com/board');
  await expect(card.getByText('<b>thanks</b>', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(couple, "the couple's page with a conversation");
  await expectAccessible(couple, "the couple's conversation on a phone");

  // The vendor, on a desktop: the badge, the inbox, the open thread beside the list.
  const vendorContext = await browser.newContext({ viewport: DESKTOP });
  const vendor = await vendorContext.newPage();
  await signIn(vendor, florist.email, GOOD_PASSWORD);
  const menuEntry = vendor.getByRole('menuitem', { name: /Messages/ });
  await expect(menuEntry.getByLabel('1 new', { exact: true })).toBeVisible();
  await menuEntry.click();
  await expect(vendor).toHaveURL(/\/messages$/);
  const row = vendor.getByTestId('inbox-thread').filter({ hasText: 'Rosa Delgado' });
  await expect(row).toContainText('Could you add a flower crown?');
  await row.click();
  await expect(vendor).toHaveURL(new RegExp(`/messages\\?thread=${quoteId}$`));
  const thread = vendor.getByRole('region', { name: 'Rosa Delgado' });
  await expect(thread.getByText('Could you add a flower crown?', { exact: false })).toBeVisible();
  await expect(thread.getByRole('link', { name: 'Open the quote' })).toBeVisible();
  await thread.getByRole('button', { name: 'Quick replies' }).click();
  await vendor.getByRole('menuitem', { name: 'Not available on your date' }).click();
  await expect(thread.getByRole('textbox', { name: 'Write to Rosa Delgado' })).toHaveValue(/already booked on your date/);
  await thread.getByRole('textbox', { name: 'Write to Rosa Delgado' }).fill('Yes! A crown of baby roses is $85.');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('thread-message')).toHaveCount(2);
  await expect(menuEntry.getByLabel('1 new', { exact: true })).toHaveCount(0);
  await expectAccessible(vendor, 'the inbox with an open conversation');

  // Search finds the couple by a word of the text.
  await vendor.getByRole('searchbox', { name: 'Search messages' }).fill('crown');
  await expect(vendor.getByTestId('inbox-thread')).toHaveCount(1);
  await vendor.getByRole('searchbox', { name: 'Search messages' }).fill('nothing like this');
  await expect(vendor.getByText('No conversation matches "nothing like this".')).toBeVisible();

  // The quote's page shows the same conversation.
  await thread.getByRole('link', { name: 'Open the quote' }).click();
  await expect(vendor.getByTestId('quote-messages').getByText('A crown of baby roses is $85.')).toBeVisible();

  // The couple reads the answer; their own message now says Read.
  // An unread answer opens the conversation by itself.
  await couple.reload();
  await expect(card.getByText('Yes! A crown of baby roses is $85.')).toBeVisible();
  await expect(card.getByText(/· Read /)).toBeVisible();

  // On a phone the vendor sees the list, then the thread alone with a way back.
  await vendor.setViewportSize(PHONE);
  await vendor.goto('/messages');
  await vendor.getByTestId('inbox-thread').filter({ hasText: 'Rosa Delgado' }).click();
  await expect(vendor.getByRole('button', { name: 'All messages' })).toBeVisible();
  await expectNoSidewaysScroll(vendor, 'a conversation on a phone');
  await expectAccessible(vendor, 'a conversation on a phone');
  await vendor.getByRole('button', { name: 'All messages' }).click();
  await expect(vendor.getByTestId('inbox-thread')).toHaveCount(1);

  await coupleContext.close();
  await vendorContext.close();
});

test('when the couple books a vendor on their phone, then the page shows how to reach the vendor', async ({ browser, request }) => {
  const florist = await aVendor(request, { name: 'Palouse Petals', city: CITY, radiusMiles: 40, noticeDays: 0, phone: '+1 509 555 0147' });
  const { token } = await aConfirmedRequest(request, {
    eventDate: dayFromNow(160),
    location: CITY,
    details: { pieces: ['Centerpieces'], colors: 'Gold' },
    customer: { name: 'Eli Brooks' },
    vendorId: florist.vendorId,
  });
  await aQuotedQuote(request, florist, { customer: 'Eli Brooks' });
  const context = await browser.newContext({ viewport: PHONE });
  const couple = await context.newPage();
  await couple.goto(`/requests/${token}`);
  const card = couple.locator('.quote-card').filter({ hasText: florist.name });
  await card.getByRole('button', { name: `Accept the quote from ${florist.name}` }).click();
  await answerDialog(couple.getByRole('dialog', { name: `Book ${florist.name}?` }), `Book ${florist.name}`);
  const reach = card.getByRole('definition').filter({ hasText: '+1 509 555 0147' });
  await expect(reach.getByRole('link', { name: '+1 509 555 0147' })).toHaveAttribute('href', 'tel:+15095550147');
  await expect(card.getByRole('link', { name: florist.email })).toHaveAttribute('href', `mailto:${florist.email}`);
  await expectNoSidewaysScroll(couple, 'a booked quote with its contact');
  await expectAccessible(couple, 'a booked quote with its contact');
  await context.close();
});
