import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { GOOD_PASSWORD, linkFromOutbox, uniqueEmail } from '../support/accounts';
import { seriousViolations, settleAnimations } from '../support/axe';
import { authOf } from '../customer/support';

/** Shared helpers of the quote detail specs (not a spec file). */

/** A business signed up and onboarded through the API: what signs it in again, and its vendor id. */
export interface Business {
  name: string;
  email: string;
  vendorId: string;
}

/**
 * Registers a business and onboards it in `vendorTypeIds` (6 florist, 11 venue, …) based in
 * `city`, with no notice needed; `settings` saves a category's compulsory settings form, so the
 * guard lets it through to its pages.
 */
export async function onboardBusiness(
  request: APIRequestContext,
  input: { name: string; city: string; vendorTypeIds: number[]; settings?: { formId: string; data: Record<string, unknown> } },
): Promise<Business> {
  const email = uniqueEmail('vendor');
  const registered = await request.post('/api/register', { data: { email, password: GOOD_PASSWORD, businessName: input.name } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const onboarded = await request.put('/api/vendor/forms/new-user-step-1', {
    headers,
    data: { business_name: input.name, vendor_type_ids: input.vendorTypeIds, contact_phone: '512 555 0100', city: input.city, service_radius_miles: 40, min_notice_days: 0 },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  if (input.settings) {
    const saved = await request.put(`/api/vendor/forms/${input.settings.formId}`, { headers, data: input.settings.data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const vendorId = ((await onboarded.json()) as { data: { vendor_id: string } }).data.vendor_id;
  return { name: input.name, email, vendorId };
}

let addresses = 0;

/** A couple's request as `POST /api/public/quote-requests` takes it, without the customer's email (made here). */
export interface Ask {
  category: string;
  eventDate: string;
  location: string;
  guests?: number;
  budgetCents?: number;
  details: Record<string, unknown>;
  customer: { name: string; phone?: string };
  vendorId?: string;
}

/**
 * A couple asks for quotes and opens the mailed link (through the API). Each request comes from an
 * address of its own (the server trusts the loopback proxy's X-Forwarded-For), so these specs do
 * not use up the hourly limit the other specs' requests from 127.0.0.1 share. Returns the link's
 * token and the couple's email.
 */
export async function askAndConfirm(request: APIRequestContext, ask: Ask): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('couple');
  addresses += 1;
  const posted = await request.post('/api/public/quote-requests', {
    headers: { 'X-Forwarded-For': `192.0.2.${(addresses % 250) + 1}` },
    data: { guests: 90, ...ask, customer: { ...ask.customer, email } },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const token = (await linkFromOutbox(request, email, '/requests/')).split('/').pop() ?? '';
  const confirmed = await request.post(`/api/public/requests/${token}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { token, email };
}

/** The id of the business's quote in list `status` from the couple named `customer`. */
export async function quoteIdOf(request: APIRequestContext, business: Business, customer: string, status = 'potential'): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/quotes?status=${status}&limit=100`, { headers: await authOf(request, business.email) });
      const { data } = (await response.json()) as { data: { id: string; customer: { name: string } }[] };
      id = data.find((quote) => quote.customer.name === customer)?.id;
      return id;
    }, { message: `${business.name} has a ${status} quote from ${customer}` })
    .toBeTruthy();
  return id as string;
}

/** The business's credit balance. */
export async function balanceOf(request: APIRequestContext, business: Business): Promise<number> {
  const response = await request.get('/api/credits', { headers: await authOf(request, business.email) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

/** axe (WCAG 2.2 AA) on the page at rest (pointer off the last button, no skeleton, no animation): nothing serious. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  await settleAnimations(page);
  expect(await seriousViolations(page), what).toEqual([]);
}

/** Nothing is wider than the window: no sideways scrolling on a phone. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${what}: the page is no wider than the window`).toBeLessThanOrEqual(widths.window);
}
