import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor } from '../../support/api/http';
import { onboard, putForm } from '../../support/api/forms';
import { getProfile } from './support';
import { VENDOR_TYPE } from '../../support/vendor-types';

describe.each(TEST_DATABASES)('GET /api/profile on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('when a vendor only registered, then the profile has the business name, empty fields and the upload rules', async () => {
    const session = await registerVendor(ctx, { businessName: 'Blank Canvas Studio' });
    expect(await getProfile(ctx, session.accessToken)).toEqual({
      vendorId: session.vendor.vendor_id,
      businessName: 'Blank Canvas Studio',
      about: null,
      serviceArea: null,
      city: null,
      serviceRadiusMiles: null,
      phone: null,
      shown: { phone: false, email: false },
      links: { website: null, instagram: null, facebook: null },
      logo: null,
      gallery: [],
      categories: [],
      profileSaved: false,
      limits: {
        maxBytes: 8 * 1024 * 1024,
        maxGalleryPhotos: 24,
        types: ['image/jpeg', 'image/png', 'image/webp'],
        minPhoto: { long: 600, short: 400 },
        minLogo: { long: 128, short: 128 },
      },
    });
  });

  it("when only onboarding is done, then its answers fill the listing (the about text is the profile's own) and each category links to the vendor's page and settings", async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.photography, VENDOR_TYPE.florist], business_name: 'Golden Hour Photo' });
    const profile = await getProfile(ctx, session.accessToken);
    const id = session.vendor.vendor_id;
    expect(profile).toMatchObject({
      businessName: 'Golden Hour Photo',
      about: null,
      city: 'Austin, TX',
      serviceRadiusMiles: 75,
      phone: '+1 (512) 555-0147',
      links: { website: 'https://goldenfork.example.com', instagram: null, facebook: null },
      profileSaved: false,
    });
    expect(profile.categories).toEqual([
      {
        id: 'photography',
        label: 'Photography',
        path: `/photography/${id}`,
        settingsFormId: 'update-photography-settings',
        settingsPath: '/update-photography-settings',
      },
      { id: 'florist', label: 'Florist', path: `/florist/${id}`, settingsFormId: 'update-florist-settings', settingsPath: '/update-florist-settings' },
    ]);
  });

  it('when the edit-profile form is saved, then its texts win over onboarding and bad links are refused on their fields', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session);
    const bad = await putForm(ctx, session.accessToken, 'edit-profile', {
      business_name: 'Golden Fork',
      instagram: 'instagram dot com/goldenfork',
      facebook: 'facebook dot com',
    });
    expect(expectProblem(bad, 400, 'validation-failed').errors).toEqual([
      { path: 'instagram', message: 'Enter your Instagram handle, like @crumbandco' },
      { path: 'facebook', message: 'Invalid URL' },
    ]);

    const saved = await putForm(ctx, session.accessToken, 'edit-profile', {
      business_name: 'Golden Fork Catering Co.',
      about: 'Family-run since 1998.',
      service_area: 'Central Texas',
      website: 'https://goldenfork.example.org',
      instagram: '@goldenfork',
      facebook: 'https://facebook.com/goldenfork',
      show_phone: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await getProfile(ctx, session.accessToken)).toMatchObject({
      businessName: 'Golden Fork Catering Co.',
      about: 'Family-run since 1998.',
      serviceArea: 'Central Texas',
      city: 'Austin, TX',
      links: { website: 'https://goldenfork.example.org', instagram: 'https://www.instagram.com/goldenfork', facebook: 'https://facebook.com/goldenfork' },
      shown: { phone: true, email: false },
      profileSaved: true,
    });
  });

  it("when the saved profile leaves the website and description empty, then onboarding's no longer stand in", async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session);
    expect((await putForm(ctx, session.accessToken, 'edit-profile', { business_name: 'Golden Fork' })).status).toBe(200);
    expect(await getProfile(ctx, session.accessToken)).toMatchObject({
      businessName: 'Golden Fork',
      about: null,
      links: { website: null },
      city: 'Austin, TX',
      phone: '+1 (512) 555-0147',
    });
  });

  it('when the edit-profile form lacks the business name, then 400 on that field and nothing is stored', async () => {
    const session = await registerVendor(ctx);
    const res = await putForm(ctx, session.accessToken, 'edit-profile', { about: 'No name' });
    expect(expectProblem(res, 400, 'validation-failed').errors?.map((e) => e.path)).toEqual(['business_name']);
    expect((await agent(ctx).get('/api/vendor/forms/edit-profile').set('Authorization', `Bearer ${session.accessToken}`)).body).toMatchObject({
      data: null,
      status: 'not-started',
    });
  });
});
