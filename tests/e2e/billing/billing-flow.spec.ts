import { useOwnServer } from '../support/own-server';
import { keepScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';
import { aBusinessWithMember, aVendor, aVendorOnPlan, CARDS } from '../../support/browser/builders';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { advanceClock, billingOf, fillCard, signInAs } from './billing-support';
import { answerDialog } from '../support/dialogs';

/**
 * Billing end to end (issue 15), on a server of its own: its clock moves past a period's end, so
 * renewals run. On a phone: every billing screen is also checked with axe and for sideways scroll.
 */
const PORT = 4195;
const PHONE = { width: 375, height: 800 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ viewport: PHONE });

// Sessions outlive the month the clock moves on (the default keeps a refresh token 30 days),
// so the vendor's next navigation, not a new sign-in, meets the failed renewal.
const server = useOwnServer(PORT, { REFRESH_TOKEN_TTL_DAYS: '90' });

test('when a vendor activates a plan, buys credits, switches to a card that later fails and the renewal fails, then the open page locks them on update-payment-method at once with the reason, and a good card pays and lets them go with the plan’s credits', async ({
  page,
  request,
}, testInfo) => {
  const business = await aVendor(request, { name: 'Bluebonnet Blooms', radiusMiles: 40, noticeDays: 0 });
  // The billing page links to activation.
  await signInAs(page, business.email, '/billing');
  await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('No plan yet')).toBeVisible();
  await page.getByRole('link', { name: 'Activate subscription' }).click();
  await expect(page).toHaveURL(/\/activate-subscription$/);
  await expect(page.getByRole('group', { name: /Professional/ }).getByText('$79.00 a month')).toBeVisible();
  await expectAccessible(page, 'activate: the plans');
  await expectNoSidewaysScroll(page, 'activate: the plans');
  await keepScreenshot(page, testInfo, 'phone-billing-plans');
  await page.getByRole('button', { name: 'Choose Professional' }).click();

  await fillCard(page, '4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.good);
  await expectAccessible(page, 'activate: the card form');
  await keepScreenshot(page, testInfo, 'phone-billing-card-form');
  await page.getByRole('button', { name: 'Save card and continue' }).click();
  await expect(page.getByText('You pay $79.00 now and Professional starts right away.')).toBeVisible();
  await expect(page.getByText('ending in 4242')).toBeAttached();
  await page.getByRole('button', { name: 'Pay $79.00 and start' }).click();
  await expect(page.getByRole('heading', { name: 'You are on the Professional plan' })).toBeVisible();
  await expect(page.getByText('35 credits added. You now have 45 credits for quoting.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'phone-billing-activated');
  expect(await billingOf(request, business.email)).toMatchObject({ plan: 'professional', status: 'active', credits: 45 });

  // A pack: the balance rises.
  await page.goto('/buy-more-credits');
  await expect(page.getByTestId('credit-balance')).toHaveText('45');
  const pack = page.getByRole('group', { name: '10 credits' });
  await expect(pack.getByText('$2.50 per credit')).toBeVisible();
  await expectAccessible(page, 'buy more credits');
  await expectNoSidewaysScroll(page, 'buy more credits');
  await pack.getByRole('button', { name: 'Buy 10 credits' }).click();
  await answerDialog(page.getByRole('dialog', { name: 'Buy 10 credits for $25.00?' }), 'Pay $25.00');
  await expect(page.getByTestId('credit-balance')).toHaveText('55');
  await keepScreenshot(page, testInfo, 'phone-billing-buy-credits');

  // The card that attaches but fails every later charge.
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Replace card' }).click();
  await fillCard(page, CARDS.failsLater);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card saved. We charge it from now on.')).toBeVisible();
  await expect(page.getByText('ending in 0341').first()).toBeAttached();
  await expectAccessible(page, 'billing page');
  await expectNoSidewaysScroll(page, 'billing page');

  // The period ends; the renewal is charged to the 0341 card and fails.
  await advanceClock(request, 32);
  expect(await billingOf(request, business.email)).toMatchObject({ status: 'payment_failed' });
  // The open page hears it live (billing.status-changed reads the vendor record again): the guard
  // runs again and locks it on update-payment-method at once, with no navigation.
  await expect(page).toHaveURL(/\/update-payment-method$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Update payment method' })).toBeVisible();
  const reason = page.getByRole('alert').filter({ hasText: 'Your payment failed' });
  await expect(reason).toContainText(
    /The renewal of your Professional plan for \$79\.00 failed on \w{3} \d{1,2}, \d{4}\. We will try the card again on \w{3} \d{1,2}, \d{4}\./,
  );
  await expect(page.getByText('Unpaid invoice')).toBeVisible();
  await expectAccessible(page, 'update payment method, locked');
  await expectNoSidewaysScroll(page, 'update payment method, locked');
  await keepScreenshot(page, testInfo, 'phone-billing-payment-failed');
  // Locked: any other page comes back here.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/update-payment-method$/);

  await fillCard(page, CARDS.good);
  await page.getByRole('button', { name: 'Save card and pay $79.00' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Payment received. Your plan is active again.')).toBeVisible();
  const after = await billingOf(request, business.email);
  expect(after).toMatchObject({ plan: 'professional', status: 'active', credits: 55 + 35, paymentMethod: { last4: '4242' } });
  await expect(page.getByRole('region', { name: 'Credits' })).toContainText('90');
  const me = await request.get('/api/vendor/me', {
    headers: { Authorization: await page.evaluate(() => `Bearer ${localStorage.getItem('vendorAccessToken') ?? ''}`) },
  });
  expect(((await me.json()) as { data: { payment_status: string } }).data.payment_status).toBe('active');

  // The billing page: the invoices with their receipts, the ledger's running balance.
  await page.goto('/billing');
  const invoices = page.getByRole('region', { name: 'Invoices' });
  // The plan, the pack and the renewal paid on the second card, newest first.
  await expect(invoices.getByRole('row')).toHaveCount(4);
  await expect(invoices.getByText('Paid', { exact: true })).toHaveCount(3);
  const ledger = page.getByRole('region', { name: 'Credit history' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('90');
  await expect(ledger.getByRole('row').filter({ hasText: 'Bought 10 credits' })).toContainText('55');
  await expect(ledger.getByRole('row').last()).toContainText('10');
  await keepScreenshot(page, testInfo, 'phone-billing-page');
  await invoices.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/billing\/receipts\/in_[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Receipt for $79.00' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Billed to/ })).toContainText('Bluebonnet Blooms');
  await expect(page.getByRole('row', { name: /Plan/ }).first()).toContainText('Professional');
  await expect(page.getByRole('row', { name: /Card/ })).toContainText('4242');
  await expectAccessible(page, 'receipt');
  await keepScreenshot(page, testInfo, 'phone-billing-receipt');
  await page.evaluate(() => {
    window.print = () => {
      document.documentElement.dataset.printed = 'yes';
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('.shell__navbar')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Receipt for $79.00' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('when the owner changes plan, then each choice shows its preview first: an upgrade charges the prorated amount now, a downgrade waits for the period end and can be undone, and a cancellation can be resumed', async ({
  page,
  request,
}, testInfo) => {
  const business = await aVendorOnPlan(request, { name: 'Pecan Street Petals', plan: 'starter', radiusMiles: 40, noticeDays: 0 });
  await signInAs(page, business.email, '/change-plan');
  await expect(page.getByRole('group', { name: /Starter/ }).getByText('Current plan')).toBeVisible();
  await expectAccessible(page, 'change plan');
  await expectNoSidewaysScroll(page, 'change plan');
  await keepScreenshot(page, testInfo, 'phone-billing-change-plan');

  await page.getByRole('button', { name: 'Upgrade to Premier' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premier?' });
  await expect(upgrade.getByText(/^You pay \$\d+\.\d\d now and Premier starts right away\.$/)).toBeVisible();
  await expect(upgrade.getByText(/taken off$/)).toBeVisible();
  await expectAccessible(page, 'change plan: the preview');
  await keepScreenshot(page, testInfo, 'phone-billing-plan-preview');
  await upgrade.getByRole('button', { name: /^Pay \$\d+\.\d\d now$/ }).click();
  await expect(page.getByText('You are on Premier now.')).toBeVisible();
  await expect(page.getByRole('group', { name: /Premier/ }).getByText('Current plan')).toBeVisible();
  expect(await billingOf(request, business.email)).toMatchObject({ plan: 'premier', status: 'active' });

  await page.getByRole('button', { name: 'Move to Starter' }).click();
  const downgrade = page.getByRole('dialog', { name: 'Move to Starter?' });
  await expect(downgrade.getByText(/^Starter takes effect on \w{3} \d{1,2}, \d{4}\. Nothing is charged now/)).toBeVisible();
  await answerDialog(downgrade, /^Switch on /);
  await expect(page.getByText(/^You move to Starter on \w{3} \d{1,2}, \d{4}\.$/).first()).toBeVisible();
  await expect(page.getByRole('group', { name: /Starter/ }).getByText(/^Starts /)).toBeVisible();

  await page.getByRole('button', { name: 'Stay on Premier' }).click();
  await answerDialog(page.getByRole('dialog', { name: 'Keep your Premier plan?' }), 'Keep my plan');
  await expect(page.getByText('Your Premier plan continues.')).toBeVisible();
  await expect(page.getByRole('group', { name: /Starter/ }).getByText(/^Starts /)).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await answerDialog(page.getByRole('dialog', { name: 'Cancel your subscription?' }), 'Cancel subscription');
  await expect(
    page
      .getByRole('alert')
      .or(page.locator('.ant-alert'))
      .filter({ hasText: /^Your subscription ends on/ })
      .first(),
  ).toBeVisible();
  expect(await billingOf(request, business.email)).toMatchObject({ plan: 'premier', status: 'active' });
  await page.getByRole('button', { name: 'Keep Premier' }).first().click();
  await answerDialog(page.getByRole('dialog', { name: 'Keep your Premier plan?' }), 'Keep my plan');
  // The first "continues" notice may still be showing: the newest one is this action's.
  await expect(page.getByText('Your Premier plan continues.').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  expect(await billingOf(request, business.email)).toMatchObject({ plan: 'premier', cancelAtPeriodEnd: false });
});

test('when a card is declined, then the form says so and nothing changes', async ({ page, request }) => {
  const business = await aVendor(request, { name: 'Lady Bird Florals', radiusMiles: 40, noticeDays: 0 });
  await signInAs(page, business.email, '/billing');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(page, CARDS.declined);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined. Nothing was charged. Try another card.' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue(CARDS.declined);
  await expect(page.getByText('There is no card on file yet.')).toBeVisible();
  expect(await billingOf(request, business.email)).toMatchObject({ plan: null, paymentMethod: null, credits: 10 });
});

test('when a team member signs in, then no billing item is in the menu and the billing pages send them away', async ({ page, request }) => {
  const { member } = await aBusinessWithMember(request, { name: 'Zilker Garden Flowers', radiusMiles: 40, noticeDays: 0 });
  const teammate = member.email;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, teammate, '/access-control');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  for (const name of ['Billing', 'Change plan', 'Buy more credits']) await expect(page.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
  for (const path of ['/billing', '/buy-more-credits', '/activate-subscription', '/billing/receipts/in_00000000']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
});

test('when the whole billing run above is over, then no line the server logged holds a card number, a security code or a full card token', () => {
  const logs = server.logs();
  // The run did log its payments (so the search below reads a real log), by brand and last 4 only.
  expect(logs).toMatch(/billing payment succeeded/);
  for (const number of Object.values(CARDS)) {
    const digits = number.replace(/\D/g, '');
    expect(logs).not.toContain(digits);
    expect(logs).not.toContain(digits.replace(/(\d{4})(?=\d)/g, '$1 '));
  }
  expect(logs).not.toMatch(/"cvc"/i);
  expect(logs).not.toMatch(/pm_[A-Za-z0-9]{12,}/);
});
