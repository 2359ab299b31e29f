import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformErrors } from '../../../client/src/lib/forms/form-validator';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor, type ProblemBody } from '../../support/api/http';
import { formPayload, listForms, onboard, onboardingData, putForm, validDataFor } from '../../support/api/forms';
import { fetchValidatorSource, importModuleText, loadValidator } from './validator-module';
import { VENDOR_TYPE } from '../../support/vendor-types';

/** The client's field errors for RJSF's errors (reworded as the form does): first message per field, as the server reports them. */
function clientFieldErrors(schema: RJSFSchema, errors: RJSFValidationError[]): { path: string; message: string }[] {
  const first = new Map<string, string>();
  for (const error of createTransformErrors(schema)(errors)) {
    const path = (error.property ?? '').replace(/^\./, '');
    if (!first.has(path)) first.set(path, error.message ?? '');
  }
  return [...first].map(([path, message]) => ({ path, message }));
}

const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);

describe.each(TEST_DATABASES)('form list and validator modules on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/vendor/forms', () => {
    it('when a vendor has not onboarded, then onboarding comes first, not started, and no category form is listed', async () => {
      const session = await registerVendor(ctx);

      const forms = await listForms(ctx, session.accessToken);

      expect(forms[0]).toEqual({
        id: 'new-user-step-1',
        title: 'Tell us about your business',
        path: '/new-user-step-1',
        category: null,
        version: (await formPayload(ctx, 'new-user-step-1')).version,
        savedVersion: null,
        updatedAt: null,
        status: 'not-started',
        errors: [],
      });
      expect(forms.filter((f) => f.category !== null)).toEqual([]);
      for (const form of forms) expect(form).toMatchObject({ status: 'not-started', savedVersion: null, updatedAt: null });
    });

    it("when a caterer + venue vendor onboarded, then onboarding is complete and only their categories' settings and auto-responses follow, not started", async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.venue, VENDOR_TYPE.catering] });

      const forms = await listForms(ctx, session.accessToken);

      expect([forms[0]?.id, forms[0]?.status]).toEqual(['new-user-step-1', 'complete']);
      expect(forms.filter((f) => f.category !== null).map((f) => [f.id, f.category, f.status])).toEqual([
        ['update-catering-settings', 'catering', 'not-started'],
        ['auto-response-catering', 'catering', 'not-started'],
        ['update-catering-service-types', 'catering', 'not-started'],
        ['update-venue-settings', 'venue', 'not-started'],
        ['auto-response-venue', 'venue', 'not-started'],
      ]);
      const venue = await formPayload(ctx, 'update-venue-settings');
      expect(forms.find((f) => f.id === 'update-venue-settings')).toMatchObject({
        title: 'Venue settings',
        path: '/update-venue-settings',
        version: venue.version,
        savedVersion: null,
      });
      expect(forms.find((f) => f.id === 'auto-response-venue')).toMatchObject({ title: 'Venue auto-response', path: '/auto-response/venue' });
      const onboarding = forms.find((f) => f.id === 'new-user-step-1');
      expect(onboarding).toMatchObject({ savedVersion: (await formPayload(ctx, 'new-user-step-1')).version, updatedAt: expect.any(Number), errors: [] });
    });

    it('when a photographer lists forms, then no other category appears (no bakery, catering or venue forms)', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.photography] });

      const forms = await listForms(ctx, session.accessToken);

      expect(forms.filter((f) => f.category !== null).map((f) => f.id)).toEqual(['update-photography-settings', 'auto-response-photography']);
    });

    it('when two vendors of different categories list forms, then the forms for every vendor (no category) are the same for both', async () => {
      const baker = await registerVendor(ctx);
      await onboard(ctx, baker, { vendor_type_ids: [VENDOR_TYPE.bakery] });
      const planner = await registerVendor(ctx);

      const general = async (token: string) => (await listForms(ctx, token)).filter((f) => f.category === null).map((f) => f.id);

      expect(await general(baker.accessToken)).toEqual(await general(planner.accessToken));
      expect((await general(baker.accessToken))[0]).toBe('new-user-step-1');
    });

    it('when a form is saved, then it is listed as complete with its saved version and time', async () => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.bakery] });
      const before = Date.now();
      expect((await putForm(ctx, session.accessToken, 'auto-response-bakery', await validDataFor(ctx, 'auto-response-bakery'))).status).toBe(200);

      const forms = await listForms(ctx, session.accessToken);

      const { version } = await formPayload(ctx, 'auto-response-bakery');
      expect(forms.find((f) => f.id === 'auto-response-bakery')).toMatchObject({ status: 'complete', savedVersion: version, errors: [] });
      expect(forms.find((f) => f.id === 'auto-response-bakery')?.updatedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(forms.find((f) => f.id === 'update-bakery-settings')?.status).toBe('not-started');
    });
  });

  describe('GET /api/config/forms/:formId and its validator module', () => {
    it.each(['new-user-step-1', 'update-catering-settings', 'update-makeup-settings', 'auto-response-bakery'])(
      'when %s is requested, then it carries a validator URL under its own id',
      async (formId) => {
        const payload = await formPayload(ctx, formId);

        expect(payload).toMatchObject({ id: formId, version: expect.any(Number), schema: { type: 'object' }, uiSchema: expect.any(Object) });
        expect(payload.validator).toMatch(new RegExp(`^/api/config/forms/${formId}/validator\\.js\\?v=[\\w-]+$`));
      },
    );

    it('when the validator URL is fetched, then it is 200 text/javascript with no-cache and an ETag', async () => {
      const payload = await formPayload(ctx, 'update-photography-settings');

      const res = await agent(ctx).get(payload.validator ?? '');

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.text).toMatch(/\bexport\s*(default\b|\{)/);
      expect(res.text, 'a browser cannot resolve bare imports').not.toMatch(/\b(?:import|from)\s*["'][^./"']/);
    });

    it('when the module is imported, then its default export is an object of validation functions', async () => {
      const payload = await formPayload(ctx, 'new-user-step-1');

      const module = await importModuleText(await fetchValidatorSource(ctx, payload));

      expect(typeof module.default).toBe('object');
      const functions = Object.values(module.default as Record<string, unknown>);
      expect(functions.length).toBeGreaterThan(0);
      for (const fn of functions) expect(typeof fn).toBe('function');
    });

    it('when the module is requested again with its ETag, then 304 with no body', async () => {
      const payload = await formPayload(ctx, 'update-venue-settings');
      const first = await agent(ctx).get(payload.validator ?? '');
      const etag = String(first.headers.etag);

      const again = await agent(ctx)
        .get(payload.validator ?? '')
        .set('If-None-Match', etag);

      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
    });

    it('when the module is requested without compression, then the identity ETag gives 304 too', async () => {
      const payload = await formPayload(ctx, 'update-venue-settings');
      const first = await agent(ctx)
        .get(payload.validator ?? '')
        .set('Accept-Encoding', 'identity');
      expect(first.status).toBe(200);

      const again = await agent(ctx)
        .get(payload.validator ?? '')
        .set('Accept-Encoding', 'identity')
        .set('If-None-Match', String(first.headers.etag));

      expect(again.status).toBe(304);
    });

    it('when two forms are requested, then their modules differ', async () => {
      const catering = await fetchValidatorSource(ctx, await formPayload(ctx, 'update-catering-settings'));
      const venue = await fetchValidatorSource(ctx, await formPayload(ctx, 'update-venue-settings'));

      expect(catering).not.toBe(venue);
    });

    it('when the form id is unknown, then the form and its validator module are 404 problems', async () => {
      expectProblem(await agent(ctx).get('/api/config/forms/no-such-form'), 404);
      expectProblem(await agent(ctx).get('/api/config/forms/no-such-form/validator.js'), 404, 'not-found');
    });
  });

  describe('same answers on client and server', () => {
    const cases: [string, string, (valid: Record<string, unknown>) => Record<string, unknown>][] = [
      [
        'new-user-step-1',
        'an unknown type, a duplicate, an ftp website, a bad phone, no city',
        () => onboardingData({ vendor_type_ids: [2, 2, 99], website: 'ftp://x', contact_phone: 'abc', city: undefined }),
      ],
      ['new-user-step-1', 'no categories and a one-letter name', () => onboardingData({ vendor_type_ids: [], business_name: 'A' })],
      [
        'update-catering-settings',
        'a zero head count, a text price and an unknown style',
        (v) => ({ ...v, catering_head_count: 0, price_per_head: 'ten', service_styles: ['Picnic'] }),
      ],
      [
        'update-photography-settings',
        'a package too long and one without a price',
        (v) => ({
          ...v,
          packages: [
            { name: 'Day', hours: 30, price: 10 },
            { name: 'Elopement', hours: 2 },
          ],
        }),
      ],
      [
        'update-makeup-settings',
        'none of the three minimum prices',
        (v) => {
          const { hair_min_price_per_head: _h, makeup_min_price_per_head: _m, spray_tan_min_price_per_head: _s, ...rest } = v;
          return rest;
        },
      ],
      ['auto-response-bakery', 'a short message and a negative price', (v) => ({ ...v, message: 'Hi', starting_price: -1 })],
      ['update-venue-settings', 'an empty object', () => ({})],
    ];

    it.each(cases)(
      'when %s gets %s, then the precompiled client validator and the server PUT name the same fields with the same messages',
      async (formId, _label, spoil) => {
        const session = await registerVendor(ctx);
        await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.catering] });
        const payload = await formPayload(ctx, formId);
        const validator = await loadValidator(ctx, payload);
        const bad = spoil(formId === 'new-user-step-1' ? onboardingData() : await validDataFor(ctx, formId));

        const client = validator.validateFormData(bad, payload.schema as RJSFSchema);
        const server = expectProblem(await putForm(ctx, session.accessToken, formId, bad), 400, 'validation-failed');

        expect(client.errors.length).toBeGreaterThan(0);
        expect(clientFieldErrors(payload.schema as RJSFSchema, client.errors).sort(byPath)).toEqual([...((server as ProblemBody).errors ?? [])].sort(byPath));
      },
    );

    it.each([
      'new-user-step-1',
      'update-catering-settings',
      'update-venue-settings',
      'update-makeup-settings',
      'update-photography-settings',
      'auto-response-bakery',
    ])('when %s gets good data, then the client finds no error and the server accepts it', async (formId) => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session, { vendor_type_ids: [VENDOR_TYPE.catering] });
      const payload = await formPayload(ctx, formId);
      const validator = await loadValidator(ctx, payload);
      const good = formId === 'new-user-step-1' ? onboardingData() : await validDataFor(ctx, formId);

      expect(validator.validateFormData(good, payload.schema as RJSFSchema).errors).toEqual([]);
      const res = await putForm(ctx, session.accessToken, formId, good);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});
