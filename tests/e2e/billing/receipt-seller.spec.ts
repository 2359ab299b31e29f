import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';
import { aVendor, CARDS } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { fillCard, signInAs } from './billing-support';
import { answerDialog } from '../support/dialogs';

/**
 * Receipts (issue 24, point 9): a vendor pays with a test card on a phone; the receipt mailed for
 * the payment and the receipt page (on screen and printed) name the seller of app.json.
 */
const PHONE = { width: 375, height: 800 };

test.use({ viewport: PHONE });

interface Seller {
  legalName: string;
  address: { line1: string; line2?: string; city: string; region: string; postalCode: string; country: string };
}

/** The one receipt mailed to `email` for `subject`, once it is in the development outbox. */
async function receiptMail(request: Parameters<typeof aVendor>[0], email: string, subject: string): Promise<{ text_body: string }> {
  let receipts: { subject: string; text_body: string }[] = [];
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
      receipts = ((await response.json()) as { data: { subject: string; text_body: string }[] }).data.filter((mail) =>
        mail.subject.startsWith('Your receipt for '),
      );
      return receipts.map((mail) => mail.subject);
    })
    .toEqual([subject]);
  return receipts[0] as { text_body: string };
}

test('when a vendor buys credits with a test card on a phone, then one receipt is mailed and the receipt page names the seller by legal name and postal address, on screen and printed', async ({
  page,
  request,
}, testInfo) => {
  const { seller } = (await (await request.get('/api/config/app')).json()) as { seller: Seller };
  const cityLine = `${seller.address.city}, ${seller.address.region} ${seller.address.postalCode}`;
  const business = await aVendor(request, { name: 'Rosemary Row Florals' });
  await signInAs(page, business.email, '/buy-more-credits');

  await fillCard(page, CARDS.good);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Paying with')).toBeVisible();
  await page.getByRole('group', { name: '10 credits' }).getByRole('button', { name: 'Buy 10 credits' }).click();
  await answerDialog(page.getByRole('dialog', { name: 'Buy 10 credits for $25.00?' }), 'Pay $25.00');
  await expect(page.getByTestId('credit-balance')).toHaveText('20');

  const mail = await receiptMail(request, business.email, 'Your receipt for $25.00: 10 lead credits');
  expect(mail.text_body).toContain(`Sold by:\n${seller.legalName}\n${seller.address.line1}\n`);
  expect(mail.text_body).toContain(`${cityLine}\n${seller.address.country}`);
  expect(mail.text_body).toContain('Amount paid: $25.00');
  expect(mail.text_body).toContain('Card: Visa ending in 4242');
  const link = /https?:\/\/\S+\/billing\/receipts\/in_[A-Za-z0-9]+/.exec(mail.text_body)?.[0];
  expect(link, 'the receipt mail links to the receipt page').toBeTruthy();
  const receiptPath = new URL(link as string).pathname;
  expect(mail.text_body).toContain(`Invoice number: ${receiptPath.split('/').pop() ?? ''}`);

  // The billing page's invoice opens the very receipt the mail links to.
  await page.goto('/billing');
  await page
    .getByRole('region', { name: 'Invoices' })
    .getByRole('link', { name: /^Receipt: 10 lead credits/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${receiptPath}$`));
  await expect(page.getByRole('heading', { name: 'Receipt for $25.00' })).toBeVisible();
  const soldBy = page.getByRole('row', { name: /Sold by/ });
  for (const line of [seller.legalName, seller.address.line1, ...(seller.address.line2 ? [seller.address.line2] : []), cityLine, seller.address.country]) {
    await expect(soldBy.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /Billed to/ })).toContainText('Rosemary Row Florals');
  await expect(page.getByRole('row', { name: /Card/ })).toContainText('4242');
  await expectAccessible(page, 'receipt with the seller');
  await expectNoSidewaysScroll(page, 'receipt with the seller');
  await keepScreenshot(page, testInfo, 'phone-receipt-seller');

  // Printed, the app around it goes and the seller stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByText(/^Please verify/)).toBeHidden();
  await expect(soldBy.getByText(seller.legalName, { exact: true })).toBeVisible();
  await expect(soldBy.getByText(cityLine, { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, 'phone-receipt-seller-printed');
  await page.emulateMedia({ media: 'screen' });
});
