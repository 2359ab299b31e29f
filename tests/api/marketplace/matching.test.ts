import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, outboxFor, uniqueEmail } from '../../support/api/http';
import { validDataFor } from '../../support/api/forms';
import { businessOf, customerToken, freshCity, matchOf, matchedVendorIds, postRequest, saveForm, type Seller } from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * Who a confirmed request goes to (docs/marketplace.md, Requests and matching), one rule at a
 * time. Each test has a city of its own, so only its own businesses are near its requests.
 */
describe.each(TEST_DATABASES)('matching on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const ids = (...sellers: Seller[]) => sellers.map(businessOf).sort();

  it('when a florist request is confirmed, then the florists around get a potential match and a baker there does not', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const baker = await aVendor(ctx, { city, category: 'bakery' });

    const { request } = await aConfirmedRequest(ctx, { location: city });

    expect(request).toMatchObject({ status: 'open', matched: 1, quotes: [] });
    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(florist));
    expect(await matchOf(ctx, florist, request.id)).toMatchObject({ status: 'potential', category: 'florist', opened: false });
    const [mail] = await outboxFor(ctx, florist.email);
    expect(mail?.subject).toMatch(/^New request: Jordan's wedding flowers for 120 guests on /);
    expect((await outboxFor(ctx, baker.email)).map((m) => m.subject)).toEqual([]);
  });

  it('when the event is beyond a service radius, then only the business whose radius reaches it (by the gazetteer) gets it', async () => {
    // Officiants only here: a wide radius must not reach other tests' florists.
    const nearby = await aVendor(ctx, { city: 'Seattle, WA', category: 'officiant', onboarding: { service_radius_miles: 50 } });
    const travelling = await aVendor(ctx, { city: 'Seattle, WA', category: 'officiant', onboarding: { service_radius_miles: 200 } });

    // Portland, OR is about 145 miles from Seattle; 98104 is a Seattle ZIP code.
    const far = await aConfirmedRequest(ctx, { category: 'officiant', location: 'Portland, OR' });
    const near = await aConfirmedRequest(ctx, { category: 'officiant', location: '98104' });

    expect(await matchedVendorIds(ctx, far.request.id)).toEqual(ids(travelling));
    expect(await matchedVendorIds(ctx, near.request.id)).toEqual(ids(nearby, travelling));
    expect((await matchOf(ctx, nearby, near.request.id)).requestId).toBe(near.request.id);
  });

  it('when a business blacked out the event date, then it is not matched, and one blocked on other days is', async () => {
    const city = freshCity(ctx);
    const blocked = await aVendor(ctx, { city });
    const blockedElsewhen = await aVendor(ctx, { city });
    const eventDate = dayFromNow(ctx, 60);
    const block = (seller: Seller, from: string, to: string) =>
      agent(ctx).post('/api/blackout-dates').set('Authorization', `Bearer ${seller.accessToken}`).send({ from, to, note: 'Family wedding' });
    expect((await block(blocked, dayFromNow(ctx, 59), dayFromNow(ctx, 61))).status).toBe(201);
    expect((await block(blockedElsewhen, dayFromNow(ctx, 61), dayFromNow(ctx, 70))).status).toBe(201);

    const { request } = await aConfirmedRequest(ctx, { location: city, eventDate });

    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(blockedElsewhen));
  });

  it("when the event is sooner than a business's notice (onboarding's min_notice_days), then it is not matched until a later date", async () => {
    const city = freshCity(ctx);
    const needsAMonth = await aVendor(ctx, { city, onboarding: { min_notice_days: 30 } });
    const anyTime = await aVendor(ctx, { city });

    const soon = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 20) });
    const later = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 30) });

    expect(await matchedVendorIds(ctx, soon.request.id)).toEqual(ids(anyTime));
    expect(await matchedVendorIds(ctx, later.request.id)).toEqual(ids(needsAMonth, anyTime));
  });

  it("when a category names its own notice field (a printer's turnaround_weeks), then a request inside it goes to no printer who needs longer", async () => {
    const city = freshCity(ctx);
    const printer = await aVendor(ctx, { city, category: 'printing' });
    const settings = await validDataFor(ctx, 'update-printing-settings');
    await saveForm(ctx, printer, 'update-printing-settings', { ...settings, products: ['Invitations'], turnaround_weeks: 4, min_order_quantity: 1 });
    const details = { ...(await validDataFor(ctx, 'request-printing')), pieces: ['Invitations'], quantity: 100 };

    const inThreeWeeks = await aConfirmedRequest(ctx, { category: 'printing', location: city, eventDate: dayFromNow(ctx, 21), details });
    const inFourWeeks = await aConfirmedRequest(ctx, { category: 'printing', location: city, eventDate: dayFromNow(ctx, 28), details });

    expect(await matchedVendorIds(ctx, inThreeWeeks.request.id)).toEqual([]);
    expect(await matchedVendorIds(ctx, inFourWeeks.request.id)).toEqual(ids(printer));
  });

  it("when a request fails a fit rule of the category (budget under a florist's minimum order), then that florist is not matched; one with a lower minimum, or none saved, is", async () => {
    const city = freshCity(ctx);
    const settings = await validDataFor(ctx, 'update-florist-settings');
    const pricey = await aVendor(ctx, { city });
    await saveForm(ctx, pricey, 'update-florist-settings', { ...settings, min_order_amount: 5000 });
    const modest = await aVendor(ctx, { city });
    await saveForm(ctx, modest, 'update-florist-settings', { ...settings, min_order_amount: 1500 });
    const unanswered = await aVendor(ctx, { city });

    const { request } = await aConfirmedRequest(ctx, { location: city, budgetCents: 200_000 });

    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(modest, unanswered));
  });

  it('when a request needs on-site setup, then a florist who said no setup is skipped and one who never answered the question is matched', async () => {
    const city = freshCity(ctx);
    const settings = await validDataFor(ctx, 'update-florist-settings');
    const noSetup = await aVendor(ctx, { city });
    await saveForm(ctx, noSetup, 'update-florist-settings', { ...settings, delivery_available: true, setup_included: false, breakdown_available: false });
    const silent = await aVendor(ctx, { city });
    const { setup_included: _setup, ...unanswered } = settings;
    await saveForm(ctx, silent, 'update-florist-settings', unanswered);
    const details = { ...(await validDataFor(ctx, 'request-florist')), setup_needed: true };

    const { request } = await aConfirmedRequest(ctx, { location: city, details });
    const pickUp = await aConfirmedRequest(ctx, { location: city, details: { ...details, setup_needed: false } });

    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(silent));
    expect(await matchedVendorIds(ctx, pickUp.request.id)).toEqual(ids(noSetup, silent));
  });

  it('when more businesses fit than maxVendorsPerRequest (5), then 5 get it, and the one left out is among the first of the next request', async () => {
    const city = freshCity(ctx);
    const florists: Seller[] = [];
    for (let i = 0; i < 6; i += 1) florists.push(await aVendor(ctx, { city }));

    const first = await aConfirmedRequest(ctx, { location: city });
    const firstIds = await matchedVendorIds(ctx, first.request.id);
    expect(first.request.matched).toBe(5);
    expect(firstIds).toHaveLength(5);
    const leftOut = ids(...florists).filter((id) => !firstIds.includes(id));
    expect(leftOut).toHaveLength(1);

    const secondAt = ctx.clock.now();
    const second = await aConfirmedRequest(ctx, { location: city });
    const secondIds = await matchedVendorIds(ctx, second.request.id);
    expect(secondIds).toHaveLength(5);
    expect(secondIds).toContain(leftOut[0]);
    const profile = await ctx.database.db
      .selectFrom('matching_profiles')
      .select('last_matched_at')
      .where('vendor_id', '=', leftOut[0] as string)
      .executeTakeFirstOrThrow();
    expect(Number(profile.last_matched_at)).toBeGreaterThanOrEqual(secondAt);
  });

  it('when a business has payment_failed, then it is skipped until its payments are in order again', async () => {
    const city = freshCity(ctx);
    const failing = await aVendor(ctx, { city });
    const paying = await aVendor(ctx, { city });
    await ctx.database.db.updateTable('vendors').set({ payment_status: 'payment_failed' }).where('id', '=', businessOf(failing)).execute();

    const during = await aConfirmedRequest(ctx, { location: city });
    await ctx.database.db.updateTable('vendors').set({ payment_status: 'active' }).where('id', '=', businessOf(failing)).execute();
    const after = await aConfirmedRequest(ctx, { location: city });

    expect(await matchedVendorIds(ctx, during.request.id)).toEqual(ids(paying));
    expect(await matchedVendorIds(ctx, after.request.id)).toEqual(ids(failing, paying));
  });

  it('when a request names a vendorId, then it goes to that business alone, even outside its area', async () => {
    const city = freshCity(ctx);
    const chosen = await aVendor(ctx, { city });
    const neighbour = await aVendor(ctx, { city });
    const elsewhere = freshCity(ctx);
    const local = await aVendor(ctx, { city: elsewhere });

    const { request } = await aConfirmedRequest(ctx, { location: elsewhere, vendorId: businessOf(chosen) });

    expect(request.matched).toBe(1);
    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(chosen));
    expect(await matchOf(ctx, chosen, request.id)).toMatchObject({ status: 'potential', location: elsewhere });
    expect(
      (
        await ctx.database.db
          .selectFrom('quotes')
          .select('id')
          .where('vendor_id', 'in', [businessOf(neighbour), businessOf(local)])
          .execute()
      ).length,
    ).toBe(0);
  });

  it('when a vendorId is not a business of the category, then 400 naming vendorId and nothing is stored', async () => {
    const baker = await aVendor(ctx, { city: freshCity(ctx), category: 'bakery' });
    const email = uniqueEmail('couple');

    const wrongKind = await postRequest(ctx, { vendorId: businessOf(baker), customer: { name: 'Sam Lee', email } });
    const unknown = await postRequest(ctx, { vendorId: '00000000-0000-4000-8000-000000000000', customer: { name: 'Sam Lee', email } });

    expect(errorPaths(expectProblem(wrongKind.res, 400, 'validation-failed'))).toEqual(['vendorId']);
    expect(errorPaths(expectProblem(unknown.res, 400, 'validation-failed'))).toEqual(['vendorId']);
    expect(await ctx.database.db.selectFrom('quote_requests').select('id').where('customer_email', '=', email).execute()).toEqual([]);
    expect(await outboxFor(ctx, email)).toEqual([]);
  });

  it('when the place is unknown to the gazetteer, then 400 naming location and nothing is stored or mailed', async () => {
    const email = uniqueEmail('couple');

    const { res } = await postRequest(ctx, { location: 'Atlantis, ZZ', customer: { name: 'Sam Lee', email } });
    const zip = await postRequest(ctx, { location: '00000', customer: { name: 'Sam Lee', email } });

    const body = expectProblem(res, 400, 'validation-failed');
    expect(errorPaths(body)).toEqual(['location']);
    expect(body.errors?.[0]?.message).toContain('Atlantis, ZZ');
    expect(errorPaths(expectProblem(zip.res, 400, 'validation-failed'))).toEqual(['location']);
    expect(await ctx.database.db.selectFrom('quote_requests').select('id').where('customer_email', '=', email).execute()).toEqual([]);
    expect(await outboxFor(ctx, email)).toEqual([]);
  });

  it('when the link is confirmed a second time, then nothing is matched again: same quotes, no new mail, no new match time', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { token, request } = await aConfirmedRequest(ctx, { location: city });
    const before = await ctx.database.db
      .selectFrom('matching_profiles')
      .select('last_matched_at')
      .where('vendor_id', '=', businessOf(florist))
      .executeTakeFirstOrThrow();
    const mailsBefore = (await outboxFor(ctx, florist.email)).length;

    ctx.advanceClock(60_000);
    const again = await agent(ctx).post(`/api/public/requests/${token}/confirm`);
    await ctx.jobs.runDue();

    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: request.id, status: 'open', matched: 1 });
    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(florist));
    expect((await outboxFor(ctx, florist.email)).length).toBe(mailsBefore);
    const after = await ctx.database.db
      .selectFrom('matching_profiles')
      .select('last_matched_at')
      .where('vendor_id', '=', businessOf(florist))
      .executeTakeFirstOrThrow();
    expect(Number(after.last_matched_at)).toBe(Number(before.last_matched_at));
    expect(
      await customerToken(
        ctx,
        (await ctx.database.db.selectFrom('quote_requests').select('customer_email').where('id', '=', request.id).executeTakeFirstOrThrow()).customer_email,
      ),
    ).toBe(token);
  });
});
