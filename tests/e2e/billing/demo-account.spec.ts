import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { keepScreenshot } from '../support/screenshots';
import { navigateInApp } from '../support/session';
import { signIn } from '../../support/browser/accounts';

/**
 * The demo bakery the e2e server seeds (docs/marketplace.md: Demo and volume data), as a vendor trying it on a
 * phone sees it: one story, nothing on one page contradicting another (issue 24, point 1).
 */
const DEMO = { email: 'demo@vowly.test', password: 'wedding-cake-2026' };
const PHONE = { width: 375, height: 812 };

test.use({ viewport: PHONE });

interface LedgerLine {
  what: string;
  change: number;
  balance: number;
}

/** The credit history's rows as drawn, newest first: the change read from its spoken form ("10 added", "1 spent"). */
async function ledgerLines(page: Page): Promise<LedgerLine[]> {
  const rows = page.locator('.ledger tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')];
      const spoken = cells[2]?.querySelector('.visually-hidden')?.textContent ?? '';
      const amount = Number(spoken.replace(/\D/g, ''));
      return {
        what: cells[1]?.textContent ?? '',
        change: spoken.includes('spent') ? -amount : amount,
        balance: Number((cells[3]?.textContent ?? '').replace(/\D/g, '')),
      };
    }),
  );
}

test('when a vendor opens the demo on a phone, then its credit history adds up to its balance, All forms shows its business profile saved, and billing shows its plan', async ({
  page,
}, testInfo) => {
  // A journey: a sign-in, then two pages each checked by axe and kept as a screenshot.
  test.setTimeout(90_000);
  await signIn(page, DEMO.email, DEMO.password);

  await navigateInApp(page, '/billing');
  const plan = page.locator('.billing__card').filter({ has: page.getByRole('heading', { name: 'Your plan' }) });
  await expect(plan.getByText(/^Starter, /)).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText(/^Renews on /)).toBeVisible();
  const credits = Number(((await plan.getByText(/^\d+ credits?$/).textContent()) ?? '').replace(/\D/g, ''));
  const invoices = page.locator('section[aria-labelledby="invoices-title"] tbody tr.ant-table-row');
  await expect(invoices.filter({ hasText: 'Starter plan' }).first()).toBeVisible();
  expect(await invoices.count()).toBeGreaterThanOrEqual(2);

  const lines = await ledgerLines(page);
  expect(lines[0]?.balance, 'the newest row leaves the balance shown').toBe(credits);
  lines.forEach((line, index) => {
    const older = lines[index + 1];
    expect(line.balance, `row ${String(index + 1)}, ${line.what}`).toBe((older?.balance ?? 0) + line.change);
  });
  expect(lines.at(-1)?.what).toMatch(/welcome/i);
  await expectNoSidewaysScroll(page, 'billing');
  await expectAccessible(page, 'billing');
  await keepScreenshot(page, testInfo, 'phone-demo-billing');

  await navigateInApp(page, '/all-forms');
  const profile = page.locator('.ant-list-item').filter({ hasText: 'Business profile' });
  await expect(profile.getByText('Complete', { exact: true })).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Edit Business profile' })).toBeVisible();
  await expect(page.getByText('Not started', { exact: true })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'all forms');
  await expectAccessible(page, 'all forms');
  await keepScreenshot(page, testInfo, 'phone-demo-all-forms');
});
