import { expect, type APIRequestContext } from '@playwright/test';
import { GOOD_PASSWORD, uniqueEmail } from '../support/accounts';

/** Shared helpers of the customer's specs (not a spec file). */

/** An onboarded florist: what signs it in again (the e2e server's access tokens live 4 s) and its vendor id. */
export interface Florist {
  name: string;
  email: string;
  vendorId: string;
}

/** The day `days` from now, `YYYY-MM-DD` (UTC, as the server counts days). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A fresh bearer header for a business (its earlier token may have expired). */
export async function authOf(request: APIRequestContext, email: string): Promise<{ Authorization: string }> {
  const signedIn = await request.post('/api/login', { data: { email, password: GOOD_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;
  return { Authorization: `Bearer ${accessToken}` };
}

/** Registers a business and onboards it as a florist (vendor type 6) based in `city`, taking events with no notice. */
export async function onboardFlorist(request: APIRequestContext, name: string, city: string): Promise<Florist> {
  const email = uniqueEmail('florist');
  const registered = await request.post('/api/register', { data: { email, password: GOOD_PASSWORD, businessName: name } });
  expect(registered.status()).toBe(201);
  const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
  const headers = { Authorization: `Bearer ${accessToken}` };
  const onboarded = await request.put('/api/vendor/forms/new-user-step-1', {
    data: { business_name: name, vendor_type_ids: [6], contact_phone: '512 555 0100', city, service_radius_miles: 40, min_notice_days: 0 },
    headers,
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  const me = (await (await request.get('/api/vendor/me', { headers })).json()) as { data: { vendor_id: string } };
  return { name, email, vendorId: me.data.vendor_id };
}

/** A florist's quotes in one list. */
export async function quotesOf(request: APIRequestContext, florist: Florist, status: string): Promise<{ id: string; status: string; closedReason: string | null }[]> {
  const response = await request.get(`/api/quotes?status=${status}`, { headers: await authOf(request, florist.email) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string; status: string; closedReason: string | null }[] }).data;
}

/** The florist quotes its one potential match, with answers valid for the quote-florist form. */
export async function quoteAs(request: APIRequestContext, florist: Florist, priceCents: number, message: string): Promise<string> {
  const [match] = await quotesOf(request, florist, 'potential');
  expect(match, `${florist.name} has a match to quote`).toBeDefined();
  const id = match?.id ?? '';
  const submitted = await request.post(`/api/quotes/${id}/submit`, {
    headers: { ...(await authOf(request, florist.email)), 'Idempotency-Key': `e2e-${id}` },
    data: { priceCents, message, details: { arrangements: 'Garden roses, peonies and eucalyptus in blush and ivory.', bouquets: 4, centerpieces: 12, setup_included: true } },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

/** Posts a florist request as the page would, and returns the path of the link mailed to the customer. */
export async function postFloristRequest(request: APIRequestContext, input: { location: string; email: string; vendorId?: string }): Promise<void> {
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
