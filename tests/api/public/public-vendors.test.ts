import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteBusiness } from '../../../server/account';
import type { PublicReview } from '../../../shared/contracts/public-vendors';
import { publicProfilePath } from '../../../shared/marketplace/public-profile-path';
import { aBusinessWithMember, aCompletedQuote, aVendor } from '../../support/api/builders';
import { getForm, validDataFor } from '../../support/api/forms';
import { agent, expectProblem, registerVendor } from '../../support/api/http';
import { businessOf, freshCity, saveForm, signInAgain, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { aLead, aStoredReview, answeredLeads, publicVendor, publicVendorRes } from './support';

const PHONE = '+1 (512) 555-0147';
const GOOD = 'They were wonderful from the first call to the last petal.';

/** The profile's texts as a vendor saves them in the profile editor. */
const PROFILE = {
  business_name: 'Petal & Stem',
  about: 'Garden-style wedding flowers from our own farm.',
  service_area: 'Denver and the Front Range',
  website: 'https://petalandstem.example.com',
  instagram: '@petalandstem',
};

/**
 * A business's public profile (docs/marketplace.md: Public profile and directory): what a couple sees without
 * signing in, only what the business chose to publish, its reviews with the couple as "First L.".
 */
describe.each(TEST_DATABASES)('public vendor profile on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      database: kind,
      accessTtlSeconds: 400 * 86_400,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a business has set up its profile and settings, then its public profile shows them and nothing unpublished', async () => {
    const florist: Seller = await aVendor(ctx, { city: 'denver, co', onboarding: { contact_phone: PHONE, service_radius_miles: 60 } });
    const { member } = await aBusinessWithMember(ctx, { owner: florist });
    await saveForm(ctx, florist, 'edit-profile', PROFILE);
    const { centerpiece_price: _unpriced, ...settings } = await validDataFor(ctx, 'update-florist-settings');
    await saveForm(ctx, florist, 'update-florist-settings', {
      ...settings,
      bridal_bouquet_price: 185.5,
      min_order_amount: 2500,
      services_offered: ['Bridal bouquets', 'Ceremony arrangements'],
      design_styles: ['Garden'],
      setup_included: true,
    });

    const res = await publicVendorRes(ctx, businessOf(florist));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const vendor = res.body.data;
    const id = businessOf(florist);
    expect(vendor).toMatchObject({
      vendorId: id,
      name: 'Petal & Stem',
      profilePath: publicProfilePath(id, 'Petal & Stem'),
      about: PROFILE.about,
      city: 'Denver, CO',
      serviceArea: 'Denver and the Front Range',
      serviceRadiusMiles: 60,
      logo: null,
      gallery: [],
      contact: { phone: null, email: null, website: PROFILE.website, instagram: 'https://www.instagram.com/petalandstem', facebook: null },
      rating: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      responseHours: null,
      reviews: [],
      reviewsNextCursor: null,
    });
    expect(vendor.profilePath).toBe(`/vendor-profile/${id}/petal-stem`);
    expect(vendor.categories).toEqual([
      {
        id: 'florist',
        label: expect.any(String),
        highlights: [
          'Bridal bouquets from $185.50',
          'Weddings from $2,500',
          'Offers: Bridal bouquets, Ceremony arrangements',
          'Styles: Garden',
          'On-site setup included',
        ],
        requestPath: `/request-quotes?category=florist&vendor=${id}`,
      },
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('555-0147');
    expect(text).not.toContain(florist.email);
    expect(text).not.toContain(member.email);
    expect(vendor.updatedAt).toBeGreaterThan(0);
  });

  it('when the business turns on its phone and email, then they are shown, and answers saved before the switches existed still validate', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx), onboarding: { contact_phone: PHONE } });
    await saveForm(ctx, florist, 'edit-profile', PROFILE);
    // An answer stored under the form's version before the switches: still complete under the new one.
    await ctx.database.db
      .updateTable('form_data')
      .set({ version: 2 })
      .where('vendor_id', '=', businessOf(florist))
      .where('form_id', '=', 'edit-profile')
      .execute();
    const before = await getForm(ctx, florist.accessToken, 'edit-profile');
    expect(before.body).toMatchObject({ version: 2, formVersion: 3, status: 'complete', errors: [] });
    expect((await publicVendor(ctx, florist)).contact).toMatchObject({ phone: null, email: null });

    await saveForm(ctx, florist, 'edit-profile', { ...PROFILE, show_phone: true });
    expect((await publicVendor(ctx, florist)).contact).toMatchObject({ phone: PHONE, email: null });

    await saveForm(ctx, florist, 'edit-profile', { ...PROFILE, show_phone: true, show_email: true });
    expect((await publicVendor(ctx, florist)).contact).toMatchObject({ phone: PHONE, email: florist.email });

    await saveForm(ctx, florist, 'edit-profile', { ...PROFILE, show_phone: false, show_email: false });
    expect((await publicVendor(ctx, florist)).contact).toMatchObject({ phone: null, email: null });
    expect((await getForm(ctx, florist.accessToken, 'edit-profile')).body).toMatchObject({ version: 3, status: 'complete' });
  });

  it('when couples review completed bookings, then the profile shows the average, the distribution, the reply and each couple as first name and last initial', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const first = await aCompletedQuote(ctx, florist, { customer: { name: 'Maria Garcia' } });
    expect((await agent(ctx).post(`/api/public/requests/${first.token}/quotes/${first.quote.id}/review`).send({ rating: 4, body: GOOD })).status).toBe(201);
    await signInAgain(ctx, florist);
    const second = await aCompletedQuote(ctx, florist, { customer: { name: 'li wei' } });
    const posted = await agent(ctx)
      .post(`/api/public/requests/${second.token}/quotes/${second.quote.id}/review`)
      .send({ rating: 5, title: 'Perfect', body: GOOD });
    expect(posted.status).toBe(201);
    await signInAgain(ctx, florist);
    const reply = await agent(ctx)
      .put(`/api/reviews/${posted.body.data.id}/reply`)
      .set('Authorization', `Bearer ${florist.accessToken}`)
      .send({ body: 'Thank you, Li!' });
    expect(reply.status).toBe(200);

    const vendor = await publicVendor(ctx, florist);

    expect(vendor.rating).toEqual({ average: 4.5, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect(vendor.reviews.map((r: PublicReview) => [r.author, r.rating, r.title, r.reply])).toEqual([
      ['Li W.', 5, 'Perfect', 'Thank you, Li!'],
      ['Maria G.', 4, null, null],
    ]);
    expect(JSON.stringify(vendor)).not.toContain('Garcia');
    expect(vendor.reviewsNextCursor).toBeNull();
  });

  it('when a business has more reviews than a page, then the rest page on through the reviews endpoint, newest first, without repeats', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const start = ctx.clock.now();
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1)
      ids.push(await aStoredReview(ctx, florist, { rating: (i % 5) + 1, customerName: `Couple Number${i}`, createdAt: start + i * 1000 }));

    const vendor = await publicVendor(ctx, florist);
    expect(vendor.reviews).toHaveLength(20);
    expect(vendor.rating.count).toBe(23);
    expect(vendor.reviews[0]?.author).toBe('Couple N.');
    expect(vendor.reviewsNextCursor).toEqual(expect.any(String));

    const rest = await agent(ctx)
      .get(`/api/public/vendors/${businessOf(florist)}/reviews`)
      .query({ cursor: vendor.reviewsNextCursor });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.nextCursor).toBeNull();
    const seen = [...vendor.reviews, ...(rest.body.data as PublicReview[])].map((r) => r.id);
    expect(seen).toEqual([...ids].reverse());

    const other = await aVendor(ctx, { city: freshCity(ctx) });
    const reused = await agent(ctx)
      .get(`/api/public/vendors/${businessOf(other)}/reviews`)
      .query({ cursor: vendor.reviewsNextCursor });
    expect(expectProblem(reused, 400, 'validation-failed').errors?.map((e) => e.path)).toEqual(['cursor']);
    const unknownParam = await agent(ctx)
      .get(`/api/public/vendors/${businessOf(florist)}/reviews`)
      .query({ page: '2' });
    expectProblem(unknownParam, 400, 'validation-failed');
  });

  it('when the business answers its leads, then the profile says within how many hours it usually responds', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    await answeredLeads(ctx, florist, 4, 3);
    expect((await publicVendor(ctx, florist)).responseHours).toBeNull();
    await answeredLeads(ctx, florist, 1, 5);
    await aLead(ctx, florist);
    expect((await publicVendor(ctx, florist)).responseHours).toBe(3);
  });

  it('when the id is unknown, odd or the business is not onboarded or deleted, then it is a 404 problem, never a 500', async () => {
    const notOnboarded = await registerVendor(ctx);
    const deleted = await aVendor(ctx, { city: freshCity(ctx) });
    await deleteBusiness(ctx.deps, businessOf(deleted));
    const odd = [
      '00000000-0000-4000-8000-000000000000',
      businessOf(notOnboarded),
      businessOf(deleted),
      '..%2F..%2Fetc%2Fpasswd',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '1',
      "1'%20OR%20'1'%3D'1",
      'x'.repeat(500),
      '%E0%A4%A',
      '%zz',
    ];
    for (const id of odd) {
      const res = await publicVendorRes(ctx, id);
      expectProblem(res, 404, 'not-found');
      expect(res.headers['cache-control']).toBe('no-store');
      expectProblem(await agent(ctx).get(`/api/public/vendors/${id}/reviews`), 404, 'not-found');
    }
  });
});
