import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, registerVendor } from '../../support/api/http';
import { currentVendor, navigationFor, onboard, onboardingData, putForm, storedForms, validDataFor } from '../../support/api/forms';
import { VENDOR_TYPE } from '../../support/vendor-types';

function removeService(ctx: TestContext, token: string, categoryId: string) {
  return agent(ctx).delete(`/api/vendor/services/${categoryId}`).set('Authorization', `Bearer ${token}`);
}

function vendorTypesOf(vendor: { category?: { vendor_type_id: number }[] | null }): number[] {
  return (vendor.category ?? []).map((entry) => entry.vendor_type_id).sort((a, b) => a - b);
}

/**
 * A vendor who ticks a new service is sent to its compulsory settings; "Remove this service" is
 * the way back out (docs/architecture.md: Server-driven forms): the service goes, its onboarding effects are
 * undone, its saved settings stay, and the guard moves on.
 */
describe.each(TEST_DATABASES)('DELETE /api/vendor/services/:categoryId on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a florist who added catering by mistake removes it, then the guard no longer sends them to the catering settings', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist] });
    await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.catering] }));
    expect((await navigationFor(ctx, session.accessToken)).redirect).toBe('/update-catering-settings');

    const res = await removeService(ctx, session.accessToken, 'catering');

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(vendorTypesOf((res.body as { data: { category: { vendor_type_id: number }[] } }).data)).toEqual([VENDOR_TYPE.florist]);
    expect(vendorTypesOf(await currentVendor(ctx, session.accessToken))).toEqual([VENDOR_TYPE.florist]);
    expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
  });

  it('when a bakery added by mistake is removed, then its auto-response flag goes with it and the vendor is free', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.bakery] });
    expect((await currentVendor(ctx, session.accessToken)).is_redirect_to_bakery_auto_response).toBe(true);
    expect((await navigationFor(ctx, session.accessToken)).redirect).toBe('/auto-response/bakery');

    expect((await removeService(ctx, session.accessToken, 'bakery')).status).toBe(200);

    const vendor = await currentVendor(ctx, session.accessToken);
    expect(vendor).not.toHaveProperty('is_redirect_to_bakery_auto_response');
    expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
  });

  it('when a removed service is added again, then its saved settings are still there and its onboarding effects apply afresh', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.catering] });
    const settings = await validDataFor(ctx, 'update-catering-settings');
    expect((await putForm(ctx, session.accessToken, 'update-catering-settings', settings)).status).toBe(200);

    expect((await removeService(ctx, session.accessToken, 'catering')).status).toBe(200);
    expect((await storedForms(ctx, session.vendor.vendor_id)).map((row) => row.form_id)).toContain('update-catering-settings');

    await putForm(
      ctx,
      session.accessToken,
      'new-user-step-1',
      onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.catering, VENDOR_TYPE.bakery] }),
    );
    const vendor = await currentVendor(ctx, session.accessToken);
    expect(vendorTypesOf(vendor)).toEqual([VENDOR_TYPE.bakery, VENDOR_TYPE.catering, VENDOR_TYPE.florist]);
    expect(vendor.is_redirect_to_bakery_auto_response).toBe(true);
  });

  it('when business details drop a service whose screen was due, then its onboarding effects are undone there too', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.bakery] });

    const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.florist] }));

    expect(res.status).toBe(200);
    expect(await currentVendor(ctx, session.accessToken)).not.toHaveProperty('is_redirect_to_bakery_auto_response');
  });

  it('when the service is the only one, then 409 says so and nothing changes', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.catering] });

    const res = await removeService(ctx, session.accessToken, 'catering');

    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'conflict', detail: 'Catering is your only service. Add another in business details before removing it.' });
    expect(vendorTypesOf(await currentVendor(ctx, session.accessToken))).toEqual([VENDOR_TYPE.catering]);
  });

  it('when the business does not offer the service, or it does not exist, then 404 and nothing changes', async () => {
    const session = await registerVendor(ctx);
    await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.florist, VENDOR_TYPE.catering] });

    for (const id of ['venue', 'no-such-category']) {
      const res = await removeService(ctx, session.accessToken, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'not-found' });
    }
    expect((await removeService(ctx, session.accessToken, 'Not A Name')).status).toBe(400);
    expect(vendorTypesOf(await currentVendor(ctx, session.accessToken))).toEqual([VENDOR_TYPE.catering, VENDOR_TYPE.florist]);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await agent(ctx).delete('/api/vendor/services/catering')).status).toBe(401);
  });
});
