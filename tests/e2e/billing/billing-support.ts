import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearerOf, GOOD_PASSWORD } from '../../support/browser/accounts';

/** Helpers of the billing specs only (not a spec file); their businesses come from tests/support/browser/builders.ts. */

/** The business's billing as the API answers it. */
export async function billingOf(request: APIRequestContext, email: string) {
  const response = await request.get('/api/billing', { headers: await bearerOf(request, email) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { plan: string | null; status: string; credits: number; paymentMethod: { last4: string } | null } }).data;
}

/**
 * Signs the browser in as `email` from a clean slate: signed in through the API and the session
 * stored as the sign-in page stores it (the sign-in page has its own specs), then opens `path`.
 */
export async function signInAs(page: Page, email: string, path = '/dashboard'): Promise<void> {
  const signedIn = await page.request.post('/api/login', { data: { email, password: GOOD_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { data } = (await signedIn.json()) as { data: { accessToken: string; refreshToken: string; vendor: unknown } };
  await page.goto('/error-404');
  await page.evaluate((session) => {
    localStorage.clear();
    localStorage.setItem('vendorAccessToken', session.accessToken);
    localStorage.setItem('vendorRefreshToken', session.refreshToken);
    localStorage.setItem('vendorData', JSON.stringify(session.vendor));
  }, data);
  await page.goto(path);
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
