import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOf } from './billing/support';
import { aBookedQuote, aBusinessWithMember, aCompletedQuote, aConfirmedRequest, aQuotedQuote, aVendor, aVendorOnPlan } from '../support/api/builders';
import { currentVendor, getForm, type FormDataBody } from '../support/api/forms';
import { freshCity, matchOf, signInAgain, storedQuote } from '../support/api/marketplace';
import { createTestContext, type TestContext } from '../support/api/test-app';

/** The API suites' builders (tests/support/api/builders.ts) make what they say, as the API then shows it. */
describe('test data builders', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a vendor is built in a category and a city, then it has finished onboarding there', async () => {
    const city = freshCity(ctx);
    const vendor = await aVendor(ctx, { category: ['bakery', 'florist'], city, businessName: 'Crumb & Bloom' });

    const record = await currentVendor(ctx, vendor.accessToken);
    expect(record).toMatchObject({ business_name: 'Crumb & Bloom', last_completed_step: 1 });
    expect(record.category.map((c) => c.vendor_type_id)).toEqual([1, 6]);
    expect(((await getForm(ctx, vendor.accessToken, 'new-user-step-1')).body as FormDataBody).data).toMatchObject({ city, vendor_type_ids: [1, 6] });
  });

  it('when a confirmed request is built, then the vendors near it have it as a potential match', async () => {
    const city = freshCity(ctx);
    const vendor = await aVendor(ctx, { city });

    const { request } = await aConfirmedRequest(ctx, { location: city });

    expect(request.matched).toBe(1);
    expect((await matchOf(ctx, vendor, request.id)).status).toBe('potential');
  });

  it('when quoted, booked and completed quotes are built, then each is in its list', async () => {
    const vendor = await aVendor(ctx, { city: freshCity(ctx) });

    const quoted = await aQuotedQuote(ctx, vendor);
    const booked = await aBookedQuote(ctx, vendor, { customer: { name: 'Sam Lee' } });
    expect((await matchOf(ctx, vendor, quoted.request.id, 'submitted')).id).toBe(quoted.quote.id);
    expect((await matchOf(ctx, vendor, booked.request.id, 'accepted')).customer.name).toBe('Sam Lee');

    const completed = await aCompletedQuote(ctx, vendor);
    await signInAgain(ctx, vendor);
    expect((await storedQuote(ctx, completed.quote.id)).status).toBe('completed');
    expect((await matchOf(ctx, vendor, completed.request.id, 'completed')).id).toBe(completed.quote.id);
  });

  it('when a business with a member is built, then the member joined it as a client', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Fern & Fig' });

    expect(member.vendor).toMatchObject({ role: 'client', vendor_id: owner.vendor.vendor_id, business_name: 'Fern & Fig' });
  });

  it('when a vendor on a plan is built, then its billing shows the plan, active, with its card', async () => {
    const { vendor } = await aVendorOnPlan(ctx, { plan: 'professional' });

    expect(await billingOf(ctx, vendor)).toMatchObject({ plan: 'professional', status: 'active', paymentMethod: { last4: '4242' } });
  });
});
