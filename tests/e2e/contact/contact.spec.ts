import type { APIRequestContext } from '@playwright/test';
import { GOOD_PASSWORD, linkFromOutbox, signIn } from '../../support/browser/accounts';
import { aVendor } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { expect, test } from '../support/test';
import { chooseOption } from '../support/dialogs';

test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
/** SUPPORT_EMAIL of the e2e server: unset, so support@ the domain of PUBLIC_URL, which is an address, so example.com. */
const SUPPORT = 'support@example.com';

interface OutboxMail {
  subject: string;
  text_body: string;
}

async function outbox(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: OutboxMail[] }).data;
}

/** Opens the verification link of the welcome mail sent to `email`, as its owner would. */
async function verifyAddress(request: APIRequestContext, email: string): Promise<void> {
  const link = await linkFromOutbox(request, email, '/verify-email/');
  const token = link.slice(link.lastIndexOf('/') + 1);
  expect((await request.post('/api/account/email/verify', { data: { token } })).status()).toBe(200);
}

test('when a vendor writes to support from the menu, then the form checks the fields, sends, says where the answer will come, and support is mailed, and the vendor too once their address is verified; axe-clean on a desktop and a phone', async ({
  page,
  request,
}) => {
  const florist = await aVendor(request, { name: 'Wren & Fern Florals' });
  await page.setViewportSize(DESKTOP);
  await signIn(page, florist.email, GOOD_PASSWORD);

  await page.getByRole('menuitem', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact support' })).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await expectAccessible(page, '/contact on a desktop');

  // Nothing chosen or written: each field says what it needs.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Choose a topic')).toBeVisible();
  await expect(page.getByText('Write at least 10 characters')).toBeVisible();
  await expectAccessible(page, '/contact with field errors');

  await chooseOption(page, page.getByRole('combobox', { name: 'Topic' }), 'Billing, plans and credits');
  const message = 'Could you check my last invoice? <b>It shows two charges</b> for one month.';
  await page.getByRole('textbox', { name: 'Your message' }).fill(message);
  await expect(page.getByText(`${message.length} / 5,000`)).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Thanks, your message is on its way to support' })).toBeVisible();
  const sent = page.locator('.contact__sent');
  await expect(sent).toContainText(`Support will answer you at ${florist.email}.`);
  // A new account's address is not verified yet: it may be someone else's, so no copy goes there.
  await expect(sent).toContainText('We did not mail you a copy: your email address is not verified yet.');
  await expectAccessible(page, 'the confirmation on a desktop');
  await expect
    .poll(async () => (await outbox(request, SUPPORT)).find((mail) => mail.text_body.includes(`(id ${florist.vendorId})`))?.subject ?? '')
    .toBe('Support request from Wren & Fern Florals: Billing, plans and credits');
  await verifyAddress(request, florist.email);

  // The common questions answer from what the product does.
  const faq = page.getByRole('region', { name: 'Common questions' });
  await faq.getByRole('button', { name: 'Do I get my credits back if the couple never reads my quote?' }).click();
  await expect(faq.getByText('within 48 hours of sending it')).toBeVisible();
  await faq.getByRole('button', { name: 'How do reviews work? Can I remove a bad one?' }).click();
  await expect(faq.getByText('No business can hide or remove a review.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'the common questions open on a desktop');

  // Another message from a phone.
  await page.getByRole('button', { name: 'Write another message' }).click();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contact support' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/contact on a phone');
  await expectAccessible(page, '/contact on a phone');
  await chooseOption(page, page.getByRole('combobox', { name: 'Topic' }), 'Something is not working');
  await page.getByRole('textbox', { name: 'Your message' }).fill('The calendar import says my file repeats too many events.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thanks, your message is on its way to support' })).toBeVisible();
  await expect(page.locator('.contact__sent')).toContainText('We mailed you a copy of what you sent');
  await expect
    .poll(async () => (await outbox(request, florist.email)).find((mail) => mail.subject === 'We received your message to Vowly Pro support')?.text_body ?? '')
    .toContain('The calendar import says my file repeats too many events.');
  await page.getByRole('region', { name: 'Common questions' }).getByRole('button', { name: 'How do I add someone to my team?' }).click();
  await expectNoSidewaysScroll(page, 'the confirmation on a phone');
  await expectAccessible(page, 'the confirmation on a phone');
});
