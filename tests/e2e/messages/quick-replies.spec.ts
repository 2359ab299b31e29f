import type { Locator, Page } from '@playwright/test';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aQuotedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { quotesOf } from '../../support/browser/quotes';
import { settleAnimations } from '../support/axe';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { expect, test } from '../support/test';
import { answerDialog, chooseOption } from '../support/dialogs';

test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
/** This spec's florists work here; each request goes to one of them (from its profile). */
const CITY = 'Missoula, MT';
const FLOWERS = { pieces: ['Bridal bouquets'], colors: 'Blush and ivory' };

/** Opens a composer's quick replies menu and waits until it has finished opening. */
async function openQuickReplies(page: Page, composer: Locator): Promise<Locator> {
  await composer.getByRole('button', { name: 'Quick replies' }).click();
  const menu = page.getByRole('menu', { name: 'Quick replies' });
  await expect(menu).toBeVisible();
  await settleAnimations(page);
  return menu;
}

/** Picks a quick reply in the decline dialog's list. */
async function pickReply(page: Page, title: string): Promise<void> {
  await chooseOption(page, page.getByRole('dialog', { name: 'Decline this request?' }).getByRole('combobox', { name: 'Start from a quick reply' }), title);
}

test('when a vendor answers from the inbox, then a quick reply goes into the box in one click, is sent, and the vendor keeps its own quick replies', async ({
  browser,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Bitterroot Blooms', city: CITY, radiusMiles: 40, noticeDays: 0 });
  const { token } = await aConfirmedRequest(request, {
    eventDate: dayFromNow(140),
    location: CITY,
    details: FLOWERS,
    customer: { name: 'Noor Haddad' },
    vendorId: florist.vendorId,
  });
  const quoteId = await aQuotedQuote(request, florist, { customer: 'Noor Haddad' });
  const couple = await request.post(`/api/public/requests/${token}/quotes/${quoteId}/messages`, { data: { body: 'Do you have dahlias in September?' } });
  expect(couple.status(), await couple.text()).toBe(201);

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, florist.email, GOOD_PASSWORD, `/messages?thread=${quoteId}`);
  const thread = page.getByRole('region', { name: 'Noor Haddad' });
  await expect(thread.getByText('Do you have dahlias in September?')).toBeVisible();
  const box = thread.getByRole('textbox', { name: 'Write to Noor Haddad' });

  // The two ready ones, then what the vendor types goes first and the quick reply after it.
  await box.fill('Hi Noor!');
  const menu = await openQuickReplies(page, thread);
  await expect(menu.getByRole('menuitem')).toHaveText(['Not available on your date', 'Not a good fit', 'Manage quick replies…']);
  await expectAccessible(page, 'the quick replies menu on a desktop');
  await menu.getByRole('menuitem', { name: 'Not available on your date' }).click();
  await expect(box).toHaveValue(
    'Hi Noor!\n\nThank you for thinking of us! Unfortunately we are already booked on your date. We wish you a wonderful celebration.',
  );
  await expect(box).toBeFocused();
  await page.keyboard.type(' Warmly, Lena');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('thread-message')).toHaveCount(2);
  await expect(thread.getByTestId('thread-message').last()).toContainText('already booked on your date. We wish you a wonderful celebration. Warmly, Lena');
  await expect(box).toHaveValue('');

  // The manager: a new quick reply, an edited one, a deleted one.
  await (await openQuickReplies(page, thread)).getByRole('menuitem', { name: 'Manage quick replies…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick replies' });
  await expect(dialog.getByTestId('quick-reply')).toHaveCount(2);
  await expectAccessible(page, 'the quick replies manager on a desktop');
  await answerDialog(dialog, 'Add a quick reply');
  await answerDialog(dialog, 'Save');
  await expect(dialog.getByText('Name this quick reply')).toBeVisible();
  await expect(dialog.getByText('Write the reply')).toBeVisible();
  await dialog.getByLabel('Name').fill('Dahlias');
  await dialog.getByLabel('Text').fill('Yes! Dahlias are at their best in September, in every colour you like.');
  await expectAccessible(page, 'a new quick reply');
  await answerDialog(dialog, 'Save');
  await expect(dialog.getByTestId('quick-reply')).toHaveCount(3);
  await answerDialog(dialog, 'Edit "Not a good fit"');
  await dialog.getByLabel('Name').fill('Outside our area');
  await answerDialog(dialog, 'Save');
  await expect(dialog.getByTestId('quick-reply').nth(1)).toContainText('Outside our area');
  await answerDialog(dialog, 'Delete "Not available on your date"');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await settleAnimations(page);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByTestId('quick-reply')).toHaveCount(2);
  await answerDialog(dialog, 'Done');
  await expect(dialog).toBeHidden();

  // The menu follows, and what the vendor saved is theirs after a reload.
  await page.reload();
  const reloaded = await openQuickReplies(page, thread);
  await expect(reloaded.getByRole('menuitem')).toHaveText(['Outside our area', 'Dahlias', 'Manage quick replies…']);
  await reloaded.getByRole('menuitem', { name: 'Dahlias' }).click();
  await expect(box).toHaveValue('Yes! Dahlias are at their best in September, in every colour you like.');
  await expect(box).toBeFocused();

  // On a phone: the menu and the manager fit and pass axe.
  await page.setViewportSize(PHONE);
  await expect(thread.getByRole('button', { name: 'Quick replies' })).toBeVisible();
  const onPhone = await openQuickReplies(page, thread);
  await expect(onPhone.getByRole('menuitem', { name: 'Dahlias' })).toBeVisible();
  await expectAccessible(page, 'the quick replies menu on a phone');
  await onPhone.getByRole('menuitem', { name: 'Manage quick replies…' }).click();
  await expect(dialog.getByTestId('quick-reply')).toHaveCount(2);
  await expectNoSidewaysScroll(page, 'the quick replies manager on a phone');
  await expectAccessible(page, 'the quick replies manager on a phone');
  await answerDialog(dialog, 'Done');
  await context.close();
});

test('when a vendor declines a lead with a quick reply, then the couple reads it on their page', async ({ browser, request }) => {
  const florist = await aVendor(request, { name: 'Clark Fork Flowers', city: CITY, radiusMiles: 40, noticeDays: 0 });
  const { token } = await aConfirmedRequest(request, {
    eventDate: dayFromNow(150),
    location: CITY,
    details: FLOWERS,
    customer: { name: 'Iris Bell' },
    vendorId: florist.vendorId,
  });
  let quoteId = '';
  await expect
    .poll(async () => (quoteId = (await quotesOf(request, florist, 'potential')).find((quote) => quote.customer.name === 'Iris Bell')?.id ?? ''))
    .not.toBe('');

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, florist.email, GOOD_PASSWORD, `/florist-quote-detail/${quoteId}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this request?' });
  await expect(dialog.getByText('Iris Bell is not told why.')).toBeVisible();
  await dialog.getByLabel(/Why are you declining\?/).fill('Booked that weekend');
  await dialog.getByRole('checkbox', { name: 'Send a message to the couple' }).check();
  // The reason says the date is taken: the message starts from that quick reply.
  const message = dialog.getByRole('textbox', { name: 'Message to Iris Bell' });
  await expect(message).toHaveValue(/already booked on your date/);
  await expect(dialog.getByText("Iris Bell reads your message on their request's page and by email.")).toBeVisible();
  await expectNoSidewaysScroll(page, 'the decline dialog with a message on a phone');
  await expectAccessible(page, 'the decline dialog with a message on a phone');

  // Another quick reply replaces the text; the vendor can still change it.
  await pickReply(page, 'Not a good fit');
  await expect(message).toHaveValue(/not a good fit for what we offer/);
  await pickReply(page, 'Not available on your date');
  await message.fill('Thank you for thinking of us! Unfortunately we are already booked on your date. Congratulations, Iris!');
  await answerDialog(dialog, 'Decline request');

  await expect(page.getByText('Status: Closed')).toBeVisible();
  await expect(page.getByTestId('quote-messages').getByText('Congratulations, Iris!', { exact: false })).toBeVisible();

  const coupleContext = await browser.newContext({ viewport: PHONE });
  const couple = await coupleContext.newPage();
  await couple.goto(`/requests/${token}`);
  const card = couple.locator('.quote-card').filter({ hasText: florist.name });
  // An unread message opens the conversation by itself.
  await expect(card.getByText('Congratulations, Iris!', { exact: false })).toBeVisible();
  await expectAccessible(couple, "the couple's page with a decline's message");
  await coupleContext.close();
  await context.close();
});
