import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo-account';
import { seedDemoAccount } from '../../../server/demo/demo.service';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, login, registerVendor } from '../../support/api/http';
import {
  currentVendor,
  getForm,
  listForms,
  navigationFor,
  onboard,
  onboardingData,
  putForm,
  storedForms,
  validDataFor,
  type FormDataBody,
} from '../../support/api/forms';
import { VENDOR_TYPE } from '../../support/vendor-types';

/**
 * After onboarding, its form is edited at `/business-details`: the business's name and
 * categories are the vendor record's own, shown from it and never stored as a copy, so changing
 * them anywhere shows everywhere; adding a service applies its onboarding effects and makes its
 * compulsory screen due.
 */
describe.each(TEST_DATABASES)('business details after onboarding on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe('the guard and /all-forms', () => {
    it('when an onboarded vendor opens /business-details, then the guard lets them in, while /new-user-step-1 sends them away', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist] });

      expect(await navigationFor(ctx, session.accessToken, '/business-details')).toEqual({ redirect: null, rule: null });
      expect((await navigationFor(ctx, session.accessToken, '/new-user-step-1')).redirect).toBe('/dashboard');
    });

    it('when a vendor has not onboarded, then /business-details sends them to onboarding and /all-forms links onboarding itself', async () => {
      const session = await registerVendor(ctx);

      expect((await navigationFor(ctx, session.accessToken, '/business-details')).redirect).toBe('/new-user-step-1');
      const [first] = await listForms(ctx, session.accessToken);
      expect(first).toMatchObject({ id: 'new-user-step-1', path: '/new-user-step-1', title: 'Tell us about your business', status: 'not-started' });
    });

    it('when an onboarded vendor lists their forms, then onboarding is "Business details" at /business-details and complete', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist] });

      const [first] = await listForms(ctx, session.accessToken);

      expect(first).toMatchObject({ id: 'new-user-step-1', path: '/business-details', title: 'Business details', status: 'complete', errors: [] });
    });
  });

  describe('vendor-owned fields', () => {
    it('when onboarding is saved, then the name and categories are stored on the vendor only and GET shows them from there', async () => {
      const session = await registerVendor(ctx);
      const data = onboardingData({ business_name: 'Petal & Stem', vendor_type_ids: [VENDOR_TYPE.florist] });
      await onboard(ctx, session, data);

      const [row] = await storedForms(ctx, session.vendor.vendor_id);
      expect(row?.data).not.toHaveProperty('business_name');
      expect(row?.data).not.toHaveProperty('vendor_type_ids');
      const res = await getForm(ctx, session.accessToken, 'new-user-step-1');
      expect(res.body).toMatchObject({ data, status: 'complete' });
    });

    it('when the business is renamed in the profile, then business details shows the new name, with no stale copy', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { business_name: 'Old Name Florals', vendor_type_ids: [VENDOR_TYPE.florist] });

      expect((await putForm(ctx, session.accessToken, 'edit-profile', { business_name: 'New Name Florals' })).status).toBe(200);

      expect(((await getForm(ctx, session.accessToken, 'new-user-step-1')).body as FormDataBody).data?.business_name).toBe('New Name Florals');
      expect(((await getForm(ctx, session.accessToken, 'edit-profile')).body as FormDataBody).data?.business_name).toBe('New Name Florals');
      expect((await currentVendor(ctx, session.accessToken)).business_name).toBe('New Name Florals');
    });
  });

  describe('changing services', () => {
    it('when an onboarded florist adds catering, then the categories change and the guard sends them to catering settings next', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist] });
      expect((await navigationFor(ctx, session.accessToken)).redirect).toBeNull();

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.catering] }));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const vendor = await currentVendor(ctx, session.accessToken);
      expect(vendor.category).toEqual([{ vendor_type_id: VENDOR_TYPE.florist }, { vendor_type_id: VENDOR_TYPE.catering }]);
      expect(vendor.last_completed_step).toBe(1);
      expect((await navigationFor(ctx, session.accessToken)).redirect).toBe('/update-catering-settings');
      expect((await listForms(ctx, session.accessToken)).map((f) => f.id)).toContain('update-catering-settings');
    });

    it('when a bakery is added after onboarding, then its auto-response redirect is set once; saving details again does not set it again', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist] });

      await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.bakery] }));
      expect((await navigationFor(ctx, session.accessToken)).redirect).toBe('/auto-response/bakery');
      expect((await putForm(ctx, session.accessToken, 'auto-response-bakery', await validDataFor(ctx, 'auto-response-bakery'))).status).toBe(200);
      expect((await navigationFor(ctx, session.accessToken)).redirect).toBeNull();

      await putForm(
        ctx,
        session.accessToken,
        'new-user-step-1',
        onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.bakery], city: 'Round Rock, TX' }),
      );

      expect((await navigationFor(ctx, session.accessToken)).redirect).toBeNull();
      expect((await currentVendor(ctx, session.accessToken)).is_redirect_to_bakery_auto_response).toBe(false);
    });

    it('when a service is removed, then its forms leave /all-forms but its saved settings are kept for when it comes back', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.photography] });
      const photography = await validDataFor(ctx, 'update-photography-settings');
      expect((await putForm(ctx, session.accessToken, 'update-photography-settings', photography)).status).toBe(200);

      await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist] }));
      expect((await listForms(ctx, session.accessToken)).map((f) => f.id)).not.toContain('update-photography-settings');

      await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.photography] }));
      const entry = (await listForms(ctx, session.accessToken)).find((f) => f.id === 'update-photography-settings');
      expect(entry?.status).toBe('complete');
      expect(((await getForm(ctx, session.accessToken, 'update-photography-settings')).body as FormDataBody).data).toEqual(photography);
      expect((await navigationFor(ctx, session.accessToken)).redirect).toBeNull();
    });

    it('when the details are saved with no service at all, then 400 on vendor_type_ids and the services stay', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist] });

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [] }));

      expect(res.status).toBe(400);
      expect((await currentVendor(ctx, session.accessToken)).category).toEqual([{ vendor_type_id: VENDOR_TYPE.florist }]);
    });
  });

  describe('the demo account', () => {
    it('when the demo is seeded, then its business details are complete and the dashboard is open', async () => {
      expect(await seedDemoAccount(ctx.deps)).toBe('created');
      expect(await seedDemoAccount(ctx.deps)).toBe('exists');
      const res = await login(ctx, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      const token = (res.body as { data: { accessToken: string } }).data.accessToken;

      const details = (await getForm(ctx, token, 'new-user-step-1')).body as FormDataBody;
      expect(details).toMatchObject({
        status: 'complete',
        data: { business_name: DEMO_ACCOUNT.businessName, vendor_type_ids: [VENDOR_TYPE.bakery], city: 'Austin, TX' },
      });
      expect((await navigationFor(ctx, token)).redirect).toBeNull();
      const profile = await agent(ctx).get('/api/profile').set('Authorization', `Bearer ${token}`);
      expect(profile.body.data).toMatchObject({ businessName: DEMO_ACCOUNT.businessName, city: 'Austin, TX', serviceRadiusMiles: 60 });
    });
  });
});
