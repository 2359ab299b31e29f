import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, registerVendor, type VendorBody } from '../../support/api/http';
import { currentVendor, formPayload, getForm, onboardingData, putForm, storedForms, type FormDataBody } from '../../support/api/forms';
import { VENDOR_TYPE } from '../../support/vendor-types';

describe.each(TEST_DATABASES)('onboarding form new-user-step-1 on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe('PUT /api/vendor/forms/new-user-step-1 with good data', () => {
    it('when a caterer saves onboarding, then 200 returns the vendor record with step 1, the category and the new business name', async () => {
      const session = await registerVendor(ctx, { businessName: 'Temporary Name' });

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ business_name: 'Golden Fork Events', vendor_type_ids: [2] }));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.body as object)).toEqual(['data']);
      const vendor = (res.body as { data: VendorBody }).data;
      expect(vendor).toMatchObject({
        id: session.vendor.id,
        vendor_id: session.vendor.vendor_id,
        email: session.email,
        role: 'admin',
        business_name: 'Golden Fork Events',
        last_completed_step: 1,
        category: [{ vendor_type_id: 2 }],
      });
      expect(vendor.is_redirect_to_bakery_auto_response).toBeUndefined();
    });

    it('when several categories are chosen, then category lists each vendor_type_id in the order given', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [11, 2, 7] }));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data.category).toEqual([{ vendor_type_id: 11 }, { vendor_type_id: 2 }, { vendor_type_id: 7 }]);
    });

    it('when onboarding is saved, then GET /api/vendor/me shows the same record (it was stored)', async () => {
      const session = await registerVendor(ctx);
      const saved = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ business_name: 'Stored Name Co', vendor_type_ids: [7] }));
      expect(saved.status).toBe(200);

      const vendor = await currentVendor(ctx, session.accessToken);

      expect(vendor).toEqual((saved.body as { data: VendorBody }).data);
      expect(vendor).toMatchObject({ business_name: 'Stored Name Co', last_completed_step: 1, category: [{ vendor_type_id: 7 }] });
    });

    it('when a bakery is among the choices, then is_redirect_to_bakery_auto_response is true on the record', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.catering, VENDOR_TYPE.bakery] }));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data).toMatchObject({
        is_redirect_to_bakery_auto_response: true,
        category: [{ vendor_type_id: 2 }, { vendor_type_id: 1 }],
      });
    });

    it('when the business name has surrounding spaces, then the stored business name is trimmed', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ business_name: '  Petal Lane  ' }));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data.business_name).toBe('Petal Lane');
    });

    it('when only the required fields are sent, then it is accepted', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', {
        business_name: 'Minimal Florals',
        vendor_type_ids: [VENDOR_TYPE.florist],
        contact_phone: '5125550147',
        city: 'Reno, NV',
      });

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data).toMatchObject({ last_completed_step: 1, category: [{ vendor_type_id: 6 }] });
    });
  });

  describe('GET /api/vendor/forms/new-user-step-1', () => {
    it('when nothing was saved yet, then data is null, the version is the current one and the status not-started', async () => {
      const session = await registerVendor(ctx);

      const res = await getForm(ctx, session.accessToken, 'new-user-step-1');

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ data: null, version: (await formPayload(ctx, 'new-user-step-1')).version, status: 'not-started' });
    });

    it('when onboarding was saved, then it returns the saved data, its version and status complete', async () => {
      const session = await registerVendor(ctx);
      const data = onboardingData({ vendor_type_ids: [VENDOR_TYPE.venue, VENDOR_TYPE.catering] });
      expect((await putForm(ctx, session.accessToken, 'new-user-step-1', data)).status).toBe(200);

      const res = await getForm(ctx, session.accessToken, 'new-user-step-1');

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as FormDataBody;
      expect(body).toMatchObject({ data, version: (await formPayload(ctx, 'new-user-step-1')).version, status: 'complete', errors: [] });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('when another vendor saved onboarding, then this vendor still sees nothing saved', async () => {
      const first = await registerVendor(ctx);
      const second = await registerVendor(ctx);
      expect((await putForm(ctx, first.accessToken, 'new-user-step-1', onboardingData())).status).toBe(200);

      const res = await getForm(ctx, second.accessToken, 'new-user-step-1');

      expect(res.body).toMatchObject({ data: null, status: 'not-started' });
    });
  });

  describe('PUT /api/vendor/forms/new-user-step-1 with bad data', () => {
    it('when the city is not written as a US place, or is no place the gazetteer knows, then 400 names the city and nothing is stored', async () => {
      const session = await registerVendor(ctx);
      for (const [city, message] of [
        ['Austin', 'Write a US city as "Austin, TX", or a 5-digit ZIP code'],
        ['Austinn, TX', 'We could not find "Austinn, TX". Check the spelling, or use your ZIP code.'],
        ['00000', 'We could not find "00000". Check the spelling, or use your ZIP code.'],
      ] as const) {
        const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ city }));
        expect(expectProblem(res, 400, 'validation-failed').errors, city).toEqual([{ path: 'city', message }]);
      }
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
      for (const city of ['Austin, TX', 'st. louis, mo', '78701']) {
        expect((await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ city }))).status, city).toBe(200);
      }
    });

    const cases: [string, Record<string, unknown>, { path: string; message: string }][] = [
      ['vendor_type_ids is missing', onboardingData({ vendor_type_ids: undefined }), { path: 'vendor_type_ids', message: 'This field is required' }],
      ['vendor_type_ids is empty', onboardingData({ vendor_type_ids: [] }), { path: 'vendor_type_ids', message: 'Choose at least one' }],
      [
        'vendor_type_ids names an unknown type (99)',
        onboardingData({ vendor_type_ids: [2, 99] }),
        { path: 'vendor_type_ids.1', message: 'Choose one of the options' },
      ],
      ['vendor_type_ids repeats a type', onboardingData({ vendor_type_ids: [2, 2] }), { path: 'vendor_type_ids', message: 'Each choice can appear only once' }],
      ['vendor_type_ids holds a string', onboardingData({ vendor_type_ids: ['2'] }), { path: 'vendor_type_ids.0', message: 'Enter a whole number' }],
      ['the website is ftp://x', onboardingData({ website: 'ftp://x' }), { path: 'website', message: 'Invalid URL' }],
      ['the website has no top-level domain', onboardingData({ website: 'https://localhost' }), { path: 'website', message: 'Invalid URL' }],
      ['the phone has letters', onboardingData({ contact_phone: 'call me maybe' }), { path: 'contact_phone', message: 'This does not look right' }],
      ['the phone is too short', onboardingData({ contact_phone: '12345' }), { path: 'contact_phone', message: 'This does not look right' }],
      ['the business name is one letter', onboardingData({ business_name: 'A' }), { path: 'business_name', message: 'Use at least 2 characters' }],
      ['the city is missing', onboardingData({ city: undefined }), { path: 'city', message: 'This field is required' }],
      ['the service radius is negative', onboardingData({ service_radius_miles: -1 }), { path: 'service_radius_miles', message: 'Must be at least 0' }],
      [
        'the service radius is not a whole number',
        onboardingData({ service_radius_miles: 12.5 }),
        { path: 'service_radius_miles', message: 'Enter a whole number' },
      ],
    ];

    it.each(cases)('when %s, then 400 names the field and nothing is stored', async (_label, body, expected) => {
      const session = await registerVendor(ctx, { businessName: 'Unchanged Business' });
      const before = await currentVendor(ctx, session.accessToken);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', body);

      const problem = expectProblem(res, 400, 'validation-failed');
      expect(problem.errors).toContainEqual(expected);
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
      expect(await currentVendor(ctx, session.accessToken)).toEqual(before);
      expect(before).toMatchObject({ business_name: 'Unchanged Business', last_completed_step: 0, category: [] });
    });

    it('when several fields are wrong, then each is named once', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', {
        vendor_type_ids: [99],
        website: 'ftp://x',
        contact_phone: 'abc',
      });

      const problem = expectProblem(res, 400, 'validation-failed');
      const paths = errorPaths(problem);
      expect([...paths].sort()).toEqual(['business_name', 'city', 'contact_phone', 'vendor_type_ids.0', 'website']);
      expect(new Set(paths).size).toBe(paths.length);
      for (const error of problem.errors ?? []) expect(error.message).not.toBe('');
    });

    it('when a bakery vendor sends bad data, then the bakery flag is not set and the category list stays empty', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ vendor_type_ids: [VENDOR_TYPE.bakery], website: 'ftp://x' }));

      expectProblem(res, 400, 'validation-failed');
      const vendor = await currentVendor(ctx, session.accessToken);
      expect(vendor.is_redirect_to_bakery_auto_response).toBeUndefined();
      expect(vendor.category).toEqual([]);
    });

    it('when a completed onboarding is saved again with bad data, then the first save is kept as it was', async () => {
      const session = await registerVendor(ctx);
      const good = onboardingData({ business_name: 'First Save Catering' });
      expect((await putForm(ctx, session.accessToken, 'new-user-step-1', good)).status).toBe(200);
      const before = await currentVendor(ctx, session.accessToken);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ business_name: 'Second Save', vendor_type_ids: [] }));

      expectProblem(res, 400, 'validation-failed');
      // The name and categories live on the vendor record, not in the stored form data.
      const { business_name: _name, vendor_type_ids: _types, ...basics } = good;
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([
        { form_id: 'new-user-step-1', version: (await formPayload(ctx, 'new-user-step-1')).version, data: basics },
      ]);
      expect(await currentVendor(ctx, session.accessToken)).toEqual(before);
      const shown = await agent(ctx).get('/api/vendor/forms/new-user-step-1').set('Authorization', `Bearer ${session.accessToken}`);
      expect(shown.body.data).toEqual(good);
    });

    it.each([
      ['an array', [1, 2]],
      ['an empty array', []],
    ])('when the body is %s, then 400 says the form data must be an object and nothing is stored', async (_label, body) => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', body);

      const problem = expectProblem(res, 400, 'validation-failed');
      expect(problem.errors?.[0]?.message).toBe('Send the form data as a JSON object');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });

    it.each([
      ['a JSON string', '"hello"'],
      ['a JSON number', '42'],
      ['JSON null', 'null'],
      ['not JSON at all', '{"business_name":'],
    ])('when the body is %s, then 400 and nothing is stored', async (_label, raw) => {
      const session = await registerVendor(ctx);

      const res = await agent(ctx)
        .put('/api/vendor/forms/new-user-step-1')
        .set('Authorization', `Bearer ${session.accessToken}`)
        .set('Content-Type', 'application/json')
        .send(raw);

      expectProblem(res, 400, 'validation-failed');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });

    it('when the body is larger than the 100 kB limit, then 413 and nothing is stored', async () => {
      const session = await registerVendor(ctx);

      const res = await putForm(ctx, session.accessToken, 'new-user-step-1', onboardingData({ city: 'x'.repeat(150_000) }));

      expectProblem(res, 413, 'payload-too-large');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });

    it('when the body is sent as text/plain, then 415 and nothing is stored', async () => {
      const session = await registerVendor(ctx);

      const res = await agent(ctx)
        .put('/api/vendor/forms/new-user-step-1')
        .set('Authorization', `Bearer ${session.accessToken}`)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(onboardingData()));

      expectProblem(res, 415, 'unsupported-media-type');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });

    it('when there is no body at all, then 400 and nothing is stored', async () => {
      const session = await registerVendor(ctx);

      const res = await agent(ctx).put('/api/vendor/forms/new-user-step-1').set('Authorization', `Bearer ${session.accessToken}`);

      expectProblem(res, 400, 'validation-failed');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });
  });

  describe('unknown forms and missing sign-in', () => {
    it('when the form id is unknown, then GET and PUT answer 404 problems', async () => {
      const session = await registerVendor(ctx);

      expectProblem(await getForm(ctx, session.accessToken, 'no-such-form'), 404, 'not-found');
      expectProblem(await putForm(ctx, session.accessToken, 'no-such-form', onboardingData()), 404, 'not-found');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });

    it('when the form id is the name of a page that is not a form (dashboard), then 404', async () => {
      const session = await registerVendor(ctx);

      expectProblem(await putForm(ctx, session.accessToken, 'dashboard', {}), 404, 'not-found');
    });

    it('when there is no bearer token, then GET, PUT and the list answer 401 and nothing is stored', async () => {
      const session = await registerVendor(ctx);

      expectProblem(await agent(ctx).put('/api/vendor/forms/new-user-step-1').send(onboardingData()), 401, 'unauthorized');
      expectProblem(await agent(ctx).get('/api/vendor/forms/new-user-step-1'), 401, 'unauthorized');
      expectProblem(await agent(ctx).get('/api/vendor/forms'), 401, 'unauthorized');
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual([]);
    });

    it('when the bearer token is not a valid token, then 401', async () => {
      const res = await agent(ctx).put('/api/vendor/forms/new-user-step-1').set('Authorization', 'Bearer not.a.token').send(onboardingData());

      expectProblem(res, 401, 'unauthorized');
    });
  });
});
