import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { GOOD_PASSWORD, linkFromOutbox, uniqueEmail } from '../support/accounts';
import { onboardBusiness, type Business } from '../quotes/quote-detail-support';

/** Shared helpers of the billing specs (not a spec file). */

export { expectAccessible, expectNoSidewaysScroll } from '../quotes/quote-detail-support';
export type { Business };

/** Stripe's test cards, as the sandbox provider plays them. */
export const CARDS = {
  good: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  failsLater: '4000 0000 0000 0341',
} as const;

/** A business signed up and onboarded as a florist through the API, on its free trial. */
export function signUpBusiness(request: APIRequestContext, name: string): Promise<Business> {
  return onboardBusiness(request, { name, city: 'Austin, TX', vendorTypeIds: [6] });
}

/** A fresh bearer header for a business. */
export async function bearerOf(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const signedIn = await request.post('/api/login', { data: { email, password: GOOD_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { Authorization: `Bearer ${((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** The business's billing as the API answers it. */
export async function billingOf(request: APIRequestContext, email: string) {
  const response = await request.get('/api/billing', { headers: await bearerOf(request, email) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { plan: string | null; status: string; credits: number; paymentMethod: { last4: string } | null } }).data;
}

/** Gives the business a card and a plan through the API, as the screens would: tokenised by the provider, then attached and subscribed. */
export async function subscribeThroughApi(request: APIRequestContext, email: string, planId: string, number: string = CARDS.good): Promise<void> {
  const token = await request.post('/sandbox/payment-methods', { data: { number: number.replace(/\s/g, ''), expMonth: 12, expYear: 2035, cvc: '123' } });
  expect(token.status(), await token.text()).toBe(201);
  const headers = await bearerOf(request, email);
  const { id } = (await token.json()) as { id: string };
  const attached = await request.put('/api/billing/payment-method', { headers: { ...headers, 'Idempotency-Key': `attach-${id}` }, data: { paymentMethodId: id } });
  expect(attached.status(), await attached.text()).toBe(200);
  const subscribed = await request.post('/api/billing/subscription', { headers: { ...headers, 'Idempotency-Key': `subscribe-${id}` }, data: { planId } });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
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

/** An owner invites a teammate, who joins through the mailed link (API); returns the teammate's email. */
export async function addTeamMember(request: APIRequestContext, ownerEmail: string): Promise<string> {
  const teammate = uniqueEmail('teammate');
  const invited = await request.post('/api/team/invitations', { headers: await bearerOf(request, ownerEmail), data: { email: teammate } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = (await linkFromOutbox(request, teammate, '/register-with-token/')).split('/').pop() ?? '';
  const joined = await request.post('/api/register-with-token', { data: { token, password: GOOD_PASSWORD } });
  expect(joined.status(), await joined.text()).toBe(201);
  return teammate;
}
