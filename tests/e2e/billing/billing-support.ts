import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearerOf, GOOD_PASSWORD, openOrigin, signIn } from '../../support/browser/accounts';

/** Helpers of the billing specs only (not a spec file); their businesses come from tests/support/browser/builders.ts. */

/** The business's billing as the API answers it. */
export async function billingOf(request: APIRequestContext, email: string) {
  const response = await request.get('/api/billing', { headers: await bearerOf(request, email) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { plan: string | null; status: string; credits: number; paymentMethod: { last4: string } | null } }).data;
}

/**
 * Signs the browser in as `email` from a clean slate (another business may be signed in) and opens
 * `path`, which it must land on.
 */
export async function signInAs(page: Page, email: string, path = '/dashboard'): Promise<void> {
  await openOrigin(page);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, GOOD_PASSWORD, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Types a card into the card form on the page (there is one at a time). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2035');
  await page.getByLabel('Security code').fill('123');
}

/** Moves the server's clock on; answered once every job due by then has run (renewals among them). */
export async function advanceClock(request: APIRequestContext, days: number): Promise<void> {
  const moved = await request.post('/dev/clock', { data: { advanceDays: days } });
  expect(moved.status(), await moved.text()).toBe(200);
}
