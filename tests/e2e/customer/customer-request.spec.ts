import type { APIRequestContext, Page } from '@playwright/test';
import { linkFromOutbox, signIn, uniqueEmail } from '../../support/browser/accounts';
import { answerDialog } from '../support/dialogs';
import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { expectAccessible } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';
import { aQuotedQuote, aVendor, dayFromNow } from '../../support/browser/builders';
import { quotesOf } from '../../support/browser/quotes';

test.use({ viewport: { width: 375, height: 800 } });

/** Posts a florist request as the page would, not yet confirmed (the couple confirms by opening the mailed link). */
async function postFloristRequest(request: APIRequestContext, input: { location: string; email: string; vendorId?: string }): Promise<void> {
  const posted = await request.post('/api/public/quote-requests', {
    data: {
      category: 'florist',
      eventDate: dayFromNow(120),
      location: input.location,
      guests: 90,
      budgetCents: 300_000,
      details: { pieces: ['Bridal bouquets', 'Centerpieces'], colors: 'Sage and white' },
      customer: { name: 'Sam Rivera', email: input.email },
      ...(input.vendorId ? { vendorId: input.vendorId } : {}),
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
}

/**
 * axe on the page while vendors are found: its spinner turns for as long as that lasts, so only
 * the animations that end (the entrances) are waited for.
 */
async function expectAccessibleWhileFinding(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  expect(await seriousViolations(page), 'the request page while vendors are found').toEqual([]);
}

/** The couple's page as the browser reads it (GET), not its confirm (POST) nor its quotes' routes. */
const PAGE_READ = /\/api\/public\/requests\/[^/]+$/;

test("when the couple opens the mailed link, then the page is drawn from the confirm's answer at once, and then says to how many vendors it went", async ({
  page,
  request,
}, testInfo) => {
  await aVendor(request, { name: 'Sandia Stems', city: 'Albuquerque, NM', radiusMiles: 40, noticeDays: 0 });
  await aVendor(request, { name: 'High Desert Blooms', city: 'Albuquerque, NM', radiusMiles: 40, noticeDays: 0 });
  const email = uniqueEmail('couple');
  await postFloristRequest(request, { location: 'Albuquerque, NM', email });
  const link = await linkFromOutbox(request, email, '/requests/');
  // The page's reads wait until its first paint is checked: what shows then is the confirm's answer alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(PAGE_READ, async (route) => {
    await held;
    await route.continue();
  });
  const confirmed = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/confirm'));

  await page.goto(link);

  const answer = ((await (await confirmed).json()) as { data: { matching: boolean; matched: number } }).data;
  await expect(page.getByRole('heading', { level: 1, name: 'Your florist request' })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Quotes' }).getByRole('status');
  const sentTo = page.getByRole('row').filter({ hasText: 'Sent to' });
  // Matching runs as a job once the confirmation is stored: the answer nearly always comes first,
  // and says so; on a machine quick enough for the job to finish first, it says where the request went.
  if (answer.matching) {
    expect(answer.matched).toBe(0);
    await expect(progress).toContainText('Finding vendors for you…');
    await expect(sentTo).toContainText('Finding vendors…');
    await expectAccessibleWhileFinding(page);
    await keepScreenshot(page, testInfo, 'customer-request-finding-vendors');
  } else {
    expect(answer.matched).toBe(2);
  }
  release();

  await expect(progress).toContainText('Sent to 2 vendors. You will get an email when a quote arrives.');
  await expect(progress).not.toContainText('Finding vendors');
  await expect(sentTo).toContainText('2 vendors');
  await expectAccessible(page, 'the request page once sent');
  await keepScreenshot(page, testInfo, 'customer-request-sent');
});

test('when the couple turns one quote down and then withdraws the request, then every quote is closed and nothing more can be done', async ({
  page,
  request,
}) => {
  const [first, second] = [
    await aVendor(request, { name: 'Mile High Blossoms', city: 'Denver, CO', radiusMiles: 40, noticeDays: 0 }),
    await aVendor(request, { name: 'Front Range Florals', city: 'Denver, CO', radiusMiles: 40, noticeDays: 0 }),
  ];
  const email = uniqueEmail('couple');
  await postFloristRequest(request, { location: 'Denver, CO', email });
  const link = await linkFromOutbox(request, email, '/requests/');

  const confirms: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/confirm')) confirms.push(sent.url());
  });
  await page.goto(link);
  await expect(page.getByText('Sent to 2 vendors. You will get an email when a quote arrives.')).toBeVisible();
  await aQuotedQuote(request, first, { priceCents: 90_000, message: 'Simple and elegant: white ranunculus and greenery.' });
  await aQuotedQuote(request, second, { priceCents: 125_050, message: 'A full floral design with arch and aisle.' });
  await page.reload();
  const firstCard = page.locator('.quote-card').filter({ hasText: first.name });
  const secondCard = page.locator('.quote-card').filter({ hasText: second.name });
  await expect(secondCard.getByText('$1,250.50')).toBeVisible();

  await secondCard.getByRole('button', { name: `Turn down the quote from ${second.name}` }).click();
  const turnDown = page.getByRole('dialog', { name: `Turn down ${second.name}'s quote?` });
  await answerDialog(turnDown, 'Turn down');
  await expect(secondCard.getByText('Turned down', { exact: true })).toBeVisible();
  expect(await quotesOf(request, second, 'rejected')).toHaveLength(1);

  const withdrawButton = page.getByRole('region', { name: 'No longer need quotes?' }).getByRole('button', { name: 'Withdraw request' });
  await withdrawButton.click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw your request?' });
  // Cancelling changes nothing.
  await answerDialog(withdraw, 'Cancel');
  await expect(withdraw).toBeHidden();
  await expect(firstCard.getByText('Waiting for your answer', { exact: true })).toBeVisible();
  await withdrawButton.click();
  await answerDialog(withdraw, 'Withdraw request');

  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(firstCard.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Accept the quote|Withdraw request/ })).toHaveCount(0);
  expect((await quotesOf(request, first, 'closed'))[0]?.closedReason).toBe('withdrawn');
  // One confirm per page load (two loads so far); the actions only read the request again.
  expect(confirms).toHaveLength(2);

  // Opening the link again confirms nothing anew and shows the same request.
  await page.goto(link);
  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();

  // The florist turned down finds the conversation on the quote's page, told why it takes no more messages, with no box to write in.
  const [turnedDown] = await quotesOf(request, second, 'rejected');
  await signIn(page, second.email, undefined, `/florist-quote-detail/${turnedDown?.id ?? ''}`);
  const messages = page.getByTestId('quote-messages');
  await expect(messages.getByText('The couple turned this quote down: you can read the conversation but no longer write in it.')).toBeVisible();
  await expect(messages.getByRole('textbox')).toHaveCount(0);
});

test('when the link is not a request, then a friendly not-found page offers to ask for quotes', async ({ page }) => {
  await page.goto('/requests/this-link-was-cut.off');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find this request' })).toBeVisible();
  await page.getByRole('link', { name: 'Get quotes' }).click();
  await expect(page).toHaveURL(/\/request-quotes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get quotes' })).toBeVisible();
});
