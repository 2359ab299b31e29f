import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';
import { GOOD_PASSWORD, signIn } from '../../support/browser/accounts';
import { aConfirmedRequest, aVendor, dayFromNow } from '../../support/browser/builders';

test.use({ viewport: { width: 375, height: 800 } });

/** The text of the mail to `to` whose subject is `subject`, once it is in the development outbox. */
async function mailText(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
      const { data } = (await response.json()) as { data: { subject: string; text_body: string }[] };
      text = data.find((mail) => mail.subject === subject)?.text_body ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

test('when a baker prices cakes by the slice, then the preview is the mail a couple gets, saying a slice, and a couple who asks gets those words', async ({
  page,
  request,
}, testInfo) => {
  const baker = await aVendor(request, { name: 'Sugar Bloom', category: 'bakery' });
  await signIn(page, baker.email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/auto-response\/bakery$/);

  await page.getByLabel('Message', { exact: true }).fill('Hi {customer_name}, thank you for thinking of {business_name} for your {category}!');
  await page.getByLabel('Starting price per slice (USD)').fill('6.50');

  const preview = page.getByTestId('auto-response-preview');
  await expect(preview.getByTestId('auto-response-preview-to')).toHaveText('jordan.avery@example.com');
  await expect(preview.getByTestId('auto-response-preview-subject')).toHaveText('Sugar Bloom wrote to you');
  await expect(preview.getByTestId('auto-response-preview-body').locator('p')).toHaveText([
    'Hi Jordan,',
    'Sugar Bloom wrote:',
    'Hi Jordan, thank you for thinking of Sugar Bloom for your wedding cake! Cakes start at $6.50 a slice.',
  ]);
  await expect(preview).not.toContainText('Packages');
  await expectNoSidewaysScroll(page, 'the auto-response screen on a phone');
  await expectAccessible(page, 'the auto-response screen with its preview');
  await keepScreenshot(page, testInfo, 'auto-response-preview-bakery-phone');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A couple asks the baker: the mail they get says what the preview said, to them.
  const { email } = await aConfirmedRequest(request, {
    category: 'bakery',
    eventDate: dayFromNow(90),
    location: 'Austin, TX',
    guests: 120,
    details: { product_types: ['Wedding cakes'] },
    customer: { name: 'Jordan Avery' },
    vendorId: baker.vendorId,
  });
  const text = await mailText(request, email, 'Sugar Bloom wrote to you');
  expect(text).toContain(
    'Hi Jordan,\n\nSugar Bloom wrote:\n\nHi Jordan, thank you for thinking of Sugar Bloom for your wedding cake!\n\nCakes start at $6.50 a slice.\n\n',
  );
});
