import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, outboxFor } from '../../support/api/http';
import { balanceOf, postRequest, quotesOf, signInAgain, submitQuote, type CustomerRequestBody } from '../../support/api/marketplace';
import { advanceDays } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * The marketplace loop over HTTP (docs/marketplace.md): a customer asks, confirms by the mailed
 * link, matched businesses quote or decline, the customer books one, and the clock completes it.
 */
describe.each(TEST_DATABASES)('the quote lifecycle on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a request is posted, then nothing is matched until the customer opens the mailed link', async () => {
    const vendor = await aVendor(ctx);
    const { res, body } = await postRequest(ctx);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { id: expect.any(String), status: 'unconfirmed' } });
    expect((await quotesOf(ctx, vendor, 'potential')).data).toEqual([]);
    const [mail] = await outboxFor(ctx, body.customer.email);
    expect(mail?.text_body).toContain('/requests/');
  });

  it('when two florists are matched, one quotes and one declines, and the couple books the quote, then each list says so and the clock completes the booking', async () => {
    const quoting = await aVendor(ctx);
    const declining = await aVendor(ctx);
    const { token, email, request } = await aConfirmedRequest(ctx, { customer: { name: 'Jordan Avery', email: `jordan-${Date.now()}@example.com` } });
    expect(request.status).toBe('open');
    expect(request.matched).toBeGreaterThanOrEqual(2);

    const [match] = (await quotesOf(ctx, quoting, 'potential')).data.filter((q) => q.requestId === request.id);
    expect(match).toMatchObject({ status: 'potential', customer: { name: 'Jordan Avery' }, opened: false });
    expect(match?.customer.email).toBeUndefined();
    const [other] = (await quotesOf(ctx, declining, 'potential')).data.filter((q) => q.requestId === request.id);

    const before = await balanceOf(ctx, quoting);
    const submitted = await submitQuote(ctx, quoting, match!);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', priceCents: 185000, customer: { email } });
    expect(submitted.body.credits.balance).toBe(before - match!.leadCost);

    const declined = await agent(ctx)
      .post(`/api/quotes/${other!.id}/decline`)
      .set('Authorization', `Bearer ${declining.accessToken}`)
      .send({ reason: 'Fully booked that weekend' });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ status: 'closed', closedReason: 'declined' });

    const page = await agent(ctx).get(`/api/public/requests/${token}`);
    const shown = (page.body.data as CustomerRequestBody).quotes;
    expect(shown.map((q) => q.id)).toEqual([match!.id]);
    const accepted = await agent(ctx).post(`/api/public/requests/${token}/quotes/${match!.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'booked', quotes: [{ id: match!.id, status: 'accepted' }] });
    expect((await quotesOf(ctx, quoting, 'accepted')).data.map((q) => q.id)).toContain(match!.id);

    await advanceDays(ctx, 61);
    await signInAgain(ctx, quoting);
    expect((await quotesOf(ctx, quoting, 'completed')).data.map((q) => q.id)).toContain(match!.id);
    const mails = await outboxFor(ctx, email);
    expect(mails.map((m) => m.subject)).toContain(`How was ${(await agent(ctx).get(`/api/public/requests/${token}`)).body.data.quotes[0].vendor.name}?`);
  });
});
