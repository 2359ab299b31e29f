import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAjvError } from '../../../shared/forms/field-errors';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { expectProblem, registerVendor, type VendorBody } from '../../support/api/http';
import { currentVendor, formPayload, getForm, navigationFor, putForm, storedForms, validDataFor, type FormDataBody } from '../../support/api/forms';
import { aVendor } from '../../support/api/builders';
import { VENDOR_TYPE } from '../../support/vendor-types';

interface CompulsoryScreen {
  formId: string;
  path: string;
  rule: string;
  vendorTypeIds: number[];
  /** Turns valid data into bad data, and the field errors the 400 must carry. */
  spoil(valid: Record<string, unknown>): Record<string, unknown>;
  expectedErrors: { path: string; message: string }[];
  /** What the guard fields of the vendor record look like after a good save. */
  guardAfterSave(valid: Record<string, unknown>): Record<string, unknown>;
}

const SCREENS: CompulsoryScreen[] = [
  {
    formId: 'update-catering-settings',
    path: '/update-catering-settings',
    rule: 'catering-settings',
    vendorTypeIds: [VENDOR_TYPE.catering],
    spoil: (valid) => ({ ...valid, catering_head_count: 0, wedding_catering_price_per_head: 'forty' }),
    expectedErrors: [
      // Below its own minimum (1) and the minimum guests (10): the rule between the fields speaks.
      { path: 'catering_head_count', message: 'Must be at least 10 (the minimum guests)' },
      { path: 'wedding_catering_price_per_head', message: 'Enter a number' },
    ],
    guardAfterSave: (valid) => ({
      catering_head_count: valid.catering_head_count,
      wedding_catering_price_per_head: valid.wedding_catering_price_per_head,
    }),
  },
  {
    formId: 'update-venue-settings',
    path: '/update-venue-settings',
    rule: 'venue-settings',
    vendorTypeIds: [VENDOR_TYPE.venue],
    spoil: (valid) => ({ ...valid, seated_capacity: 120.5, spaces: [], catering_policy: 'Bring a sandwich' }),
    expectedErrors: [
      { path: 'seated_capacity', message: 'Enter a whole number' },
      // Standing room for fewer guests than the seats.
      { path: 'standing_capacity', message: 'Must be at least 120.5 (the seated capacity)' },
      { path: 'spaces', message: 'Choose at least one' },
      { path: 'catering_policy', message: 'Choose one of the options' },
    ],
    guardAfterSave: () => ({ is_venue_setting_updated: true }),
  },
  {
    formId: 'update-makeup-settings',
    path: '/update-makeup-settings',
    rule: 'makeup-settings',
    vendorTypeIds: [VENDOR_TYPE.makeup],
    spoil: (valid) => ({ ...valid, hair_min_price_per_head: 0, services_offered: ['Facials'] }),
    expectedErrors: [
      { path: 'hair_min_price_per_head', message: 'Must be at least 1' },
      { path: 'services_offered.0', message: 'Choose one of the options' },
    ],
    guardAfterSave: (valid) => ({
      hair_min_price_per_head: valid.hair_min_price_per_head,
      makeup_min_price_per_head: valid.makeup_min_price_per_head,
      spray_tan_min_price_per_head: valid.spray_tan_min_price_per_head,
    }),
  },
  {
    formId: 'update-photography-settings',
    path: '/update-photography-settings',
    rule: 'photography-settings',
    vendorTypeIds: [VENDOR_TYPE.photography],
    spoil: (valid) => {
      const { delivery_weeks: _dropped, ...rest } = valid;
      return {
        ...rest,
        packages: [
          { name: 'Full day', hours: 30, price: 4200 },
          { name: 'Elopement', hours: 2 },
        ],
      };
    },
    expectedErrors: [
      { path: 'delivery_weeks', message: 'This field is required' },
      { path: 'packages.0.hours', message: 'Must be at most 24' },
      { path: 'packages.1.price', message: 'This field is required' },
    ],
    guardAfterSave: () => ({ is_photography_setting_updated: true }),
  },
  {
    formId: 'auto-response-bakery',
    path: '/auto-response/bakery',
    rule: 'bakery-auto-response',
    vendorTypeIds: [VENDOR_TYPE.bakery],
    spoil: (valid) => ({ ...valid, message: 'Thanks!', starting_price: -5, enabled: 'yes' }),
    expectedErrors: [
      { path: 'message', message: 'Use at least 20 characters' },
      { path: 'starting_price', message: 'Must be at least 0' },
      { path: 'enabled', message: describeAjvError({ keyword: 'type', instancePath: '/enabled', params: { type: 'boolean' } }) },
    ],
    guardAfterSave: () => ({ is_redirect_to_bakery_auto_response: false }),
  },
];

describe.each(TEST_DATABASES)('compulsory settings screens on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe.each(SCREENS)('$formId', (screen) => {
    it(`when a vendor of that category has just onboarded, then /dashboard redirects to ${screen.path}`, async () => {
      const session = await aVendor(ctx, { category: screen.vendorTypeIds });

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: screen.path, rule: screen.rule });
      expect(await navigationFor(ctx, session.accessToken, screen.path)).toEqual({ redirect: null, rule: null });
    });

    it('when bad data is saved, then 400 names the wrong fields, nothing is stored and the guard still redirects', async () => {
      const session = await aVendor(ctx, { category: screen.vendorTypeIds });
      const before = await currentVendor(ctx, session.accessToken);
      const valid = await validDataFor(ctx, screen.formId);

      const res = await putForm(ctx, session.accessToken, screen.formId, screen.spoil(valid));

      const problem = expectProblem(res, 400, 'validation-failed');
      expect(problem.errors).toEqual(expect.arrayContaining(screen.expectedErrors));
      expect(problem.errors).toHaveLength(screen.expectedErrors.length);
      expect((await storedForms(ctx, session.vendor.vendor_id)).map((row) => row.form_id)).toEqual(['new-user-step-1']);
      expect((await getForm(ctx, session.accessToken, screen.formId)).body).toMatchObject({ data: null, status: 'not-started' });
      expect(await currentVendor(ctx, session.accessToken)).toEqual(before);
      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: screen.path, rule: screen.rule });
    });

    it('when an empty object is saved, then 400 lists every required field and nothing is stored', async () => {
      const session = await aVendor(ctx, { category: screen.vendorTypeIds });
      const { schema } = await formPayload(ctx, screen.formId);

      const res = await putForm(ctx, session.accessToken, screen.formId, {});

      const problem = expectProblem(res, 400, 'validation-failed');
      const paths = (problem.errors ?? []).map((e) => e.path);
      expect(paths).toEqual(expect.arrayContaining(schema.required ?? []));
      expect((await storedForms(ctx, session.vendor.vendor_id)).map((row) => row.form_id)).toEqual(['new-user-step-1']);
    });

    it('when good data built from the served schema is saved, then 200 returns the record with the guard fields and /dashboard is allowed', async () => {
      const session = await aVendor(ctx, { category: screen.vendorTypeIds });
      const valid = await validDataFor(ctx, screen.formId);

      const res = await putForm(ctx, session.accessToken, screen.formId, valid);

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const vendor = (res.body as { data: VendorBody }).data;
      expect(vendor).toMatchObject(screen.guardAfterSave(valid));
      expect(await currentVendor(ctx, session.accessToken)).toEqual(vendor);
      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
      expect(await navigationFor(ctx, session.accessToken, screen.path)).toEqual({ redirect: null, rule: null });
    });

    it('when good data is saved, then it is stored with the schema version and GET returns it as complete', async () => {
      const session = await aVendor(ctx, { category: screen.vendorTypeIds });
      const valid = await validDataFor(ctx, screen.formId);
      const { version } = await formPayload(ctx, screen.formId);
      expect((await putForm(ctx, session.accessToken, screen.formId, valid)).status).toBe(200);

      const res = await getForm(ctx, session.accessToken, screen.formId);

      expect(res.status).toBe(200);
      expect(res.body as FormDataBody).toMatchObject({ data: valid, version, status: 'complete', errors: [] });
      expect(await storedForms(ctx, session.vendor.vendor_id)).toContainEqual({ form_id: screen.formId, version, data: valid });
    });
  });

  describe('catering guard fields', () => {
    it('when catering settings are saved, then the record carries exactly the saved head count and wedding price per head', async () => {
      const session = await aVendor(ctx, { category: 'catering' });
      const valid = { ...(await validDataFor(ctx, 'update-catering-settings')), catering_head_count: 240, wedding_catering_price_per_head: 85.5 };

      const res = await putForm(ctx, session.accessToken, 'update-catering-settings', valid);

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data).toMatchObject({ catering_head_count: 240, wedding_catering_price_per_head: 85.5 });
    });

    it('when catering settings are saved again with other numbers, then the record follows the latest save', async () => {
      const session = await aVendor(ctx, { category: 'catering' });
      const valid = await validDataFor(ctx, 'update-catering-settings');
      expect((await putForm(ctx, session.accessToken, 'update-catering-settings', { ...valid, catering_head_count: 100 })).status).toBe(200);

      const res = await putForm(ctx, session.accessToken, 'update-catering-settings', { ...valid, catering_head_count: 300 });

      expect((res.body as { data: VendorBody }).data.catering_head_count).toBe(300);
      expect((await currentVendor(ctx, session.accessToken)).catering_head_count).toBe(300);
    });
  });

  describe('hair & makeup minimum prices', () => {
    /**
     * The form-level message of the "at least one price" rule: an `anyOf` of `required` reads
     * "Fill in at least one of these fields"; a `not` rule reads its own description.
     */
    async function atLeastOnePriceMessage(): Promise<string> {
      const { schema } = await formPayload(ctx, 'update-makeup-settings');
      const not = schema.not as { description?: string } | undefined;
      return not?.description ?? 'Fill in at least one of these fields';
    }

    it('when none of the three minimum prices is given, then 400 says to fill in at least one and nothing is stored', async () => {
      const session = await aVendor(ctx, { category: 'makeup' });
      const {
        hair_min_price_per_head: _hair,
        makeup_min_price_per_head: _makeup,
        spray_tan_min_price_per_head: _tan,
        ...rest
      } = await validDataFor(ctx, 'update-makeup-settings');

      const res = await putForm(ctx, session.accessToken, 'update-makeup-settings', rest);

      const problem = expectProblem(res, 400, 'validation-failed');
      expect(problem.errors).toContainEqual({ path: '', message: await atLeastOnePriceMessage() });
      expect((await storedForms(ctx, session.vendor.vendor_id)).map((row) => row.form_id)).toEqual(['new-user-step-1']);
      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: '/update-makeup-settings', rule: 'makeup-settings' });
    });

    it.each(['hair_min_price_per_head', 'makeup_min_price_per_head', 'spray_tan_min_price_per_head'])(
      'when only %s is given, then the save is accepted, the record carries it and the guard lets the vendor through',
      async (field) => {
        const session = await aVendor(ctx, { category: 'makeup' });
        const {
          hair_min_price_per_head: _hair,
          makeup_min_price_per_head: _makeup,
          spray_tan_min_price_per_head: _tan,
          ...rest
        } = await validDataFor(ctx, 'update-makeup-settings');

        const res = await putForm(ctx, session.accessToken, 'update-makeup-settings', { ...rest, [field]: 65 });

        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const vendor = (res.body as { data: VendorBody }).data;
        expect(vendor[field]).toBe(65);
        for (const other of ['hair_min_price_per_head', 'makeup_min_price_per_head', 'spray_tan_min_price_per_head'].filter((f) => f !== field)) {
          expect(vendor[other]).toBeUndefined();
        }
        expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
      },
    );

    it('when a price given before is left out of a later save, then it is removed from the record', async () => {
      const session = await aVendor(ctx, { category: 'makeup' });
      const valid = await validDataFor(ctx, 'update-makeup-settings');
      expect((await putForm(ctx, session.accessToken, 'update-makeup-settings', valid)).status).toBe(200);
      const { hair_min_price_per_head: _hair, spray_tan_min_price_per_head: _tan, ...onlyMakeup } = valid;

      const res = await putForm(ctx, session.accessToken, 'update-makeup-settings', { ...onlyMakeup, makeup_min_price_per_head: 90 });

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const vendor = await currentVendor(ctx, session.accessToken);
      expect(vendor.makeup_min_price_per_head).toBe(90);
      expect(vendor).not.toHaveProperty('hair_min_price_per_head');
      expect(vendor).not.toHaveProperty('spray_tan_min_price_per_head');
    });
  });

  describe('bakery auto-response', () => {
    it('when the bakery auto-response is saved, then the bakery redirect flag is cleared', async () => {
      const session = await aVendor(ctx, { category: 'bakery' });
      expect((await currentVendor(ctx, session.accessToken)).is_redirect_to_bakery_auto_response).toBe(true);

      const res = await putForm(ctx, session.accessToken, 'auto-response-bakery', await validDataFor(ctx, 'auto-response-bakery'));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data.is_redirect_to_bakery_auto_response).toBeFalsy();
      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
    });

    it('when the bakery auto-response is saved switched off, then the flag is cleared all the same', async () => {
      const session = await aVendor(ctx, { category: 'bakery' });

      const res = await putForm(ctx, session.accessToken, 'auto-response-bakery', {
        enabled: false,
        message: 'Hi {customer_name}, thanks for asking about your {category} on {event_date}.',
      });

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
    });

    it("when another category's auto-response is saved by a bakery, then the bakery flag stays set", async () => {
      const session = await aVendor(ctx, { category: ['bakery', 'florist'] });

      const res = await putForm(ctx, session.accessToken, 'auto-response-florist', await validDataFor(ctx, 'auto-response-florist'));

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: VendorBody }).data.is_redirect_to_bakery_auto_response).toBe(true);
      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: '/auto-response/bakery', rule: 'bakery-auto-response' });
    });
  });

  describe('saves at the same moment', () => {
    it("when a caterer + venue vendor saves both screens at the same moment, then the record has both screens' guard fields", async () => {
      const catering = await validDataFor(ctx, 'update-catering-settings');
      const venue = await validDataFor(ctx, 'update-venue-settings');

      for (let round = 0; round < 3; round++) {
        const session = await aVendor(ctx, { category: ['catering', 'venue'] });

        const [a, b] = await Promise.all([
          putForm(ctx, session.accessToken, 'update-catering-settings', catering),
          putForm(ctx, session.accessToken, 'update-venue-settings', venue),
        ]);

        expect([a.status, b.status]).toEqual([200, 200]);
        expect((await storedForms(ctx, session.vendor.vendor_id)).map((row) => row.form_id)).toEqual([
          'new-user-step-1',
          'update-catering-settings',
          'update-venue-settings',
        ]);
        const vendor = await currentVendor(ctx, session.accessToken);
        expect({ catering_head_count: vendor.catering_head_count, is_venue_setting_updated: vendor.is_venue_setting_updated }, `round ${round}`).toEqual({
          catering_head_count: catering.catering_head_count,
          is_venue_setting_updated: true,
        });
      }
    });

    it("when a vendor saves every compulsory screen at once (two tabs, two team members), then each form's guard fields end up on the record and the guard lets them through", async () => {
      const data = new Map(await Promise.all(SCREENS.map(async (screen) => [screen.formId, await validDataFor(ctx, screen.formId)] as const)));

      for (let round = 0; round < 3; round++) {
        const session = await aVendor(ctx, { category: ['bakery', 'catering', 'makeup', 'photography', 'venue'] });

        const responses = await Promise.all(SCREENS.map((screen) => putForm(ctx, session.accessToken, screen.formId, data.get(screen.formId))));

        expect(responses.map((res) => res.status)).toEqual(SCREENS.map(() => 200));
        const vendor = await currentVendor(ctx, session.accessToken);
        const expected = Object.assign({}, ...SCREENS.map((screen) => screen.guardAfterSave(data.get(screen.formId) ?? {}))) as Record<string, unknown>;
        expect(vendor, `round ${round}: a concurrent save overwrote another one's guard fields`).toMatchObject(expected);
        expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
      }
    });
  });

  describe('the chain across screens', () => {
    it('when a caterer + venue vendor saves each screen in turn, then the guard goes catering → venue → dashboard', async () => {
      const session = await aVendor(ctx, { category: ['catering', 'venue'] });

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: '/update-catering-settings', rule: 'catering-settings' });
      expect((await putForm(ctx, session.accessToken, 'update-catering-settings', await validDataFor(ctx, 'update-catering-settings'))).status).toBe(200);

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: '/update-venue-settings', rule: 'venue-settings' });
      expect((await putForm(ctx, session.accessToken, 'update-venue-settings', await validDataFor(ctx, 'update-venue-settings'))).status).toBe(200);

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
    });

    it('when the venue screen is saved first, then the guard still sends a caterer + venue vendor to catering, then to the dashboard', async () => {
      const session = await aVendor(ctx, { category: ['venue', 'catering'] });
      expect((await putForm(ctx, session.accessToken, 'update-venue-settings', await validDataFor(ctx, 'update-venue-settings'))).status).toBe(200);

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: '/update-catering-settings', rule: 'catering-settings' });
      expect((await putForm(ctx, session.accessToken, 'update-catering-settings', await validDataFor(ctx, 'update-catering-settings'))).status).toBe(200);

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
    });

    it('when a caterer + venue + makeup + photographer + bakery vendor saves each screen, then the guard walks catering → venue → makeup → photography → bakery → dashboard', async () => {
      const session = await aVendor(ctx, { category: ['bakery', 'photography', 'makeup', 'venue', 'catering'] });
      const steps = SCREENS.map((screen) => [screen.formId, screen.path] as const);

      for (const [formId, path] of steps) {
        expect((await navigationFor(ctx, session.accessToken)).redirect).toBe(path);
        const res = await putForm(ctx, session.accessToken, formId, await validDataFor(ctx, formId));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
    });

    it('when a vendor has no compulsory category (florist), then onboarding alone lets them reach the dashboard', async () => {
      const session = await aVendor(ctx, { category: 'florist' });

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: null, rule: null });
    });

    it('when a vendor has not onboarded yet, then /dashboard goes to onboarding, not to a settings screen', async () => {
      const session = await registerVendor(ctx);

      expect(await navigationFor(ctx, session.accessToken)).toEqual({ redirect: '/new-user-step-1', rule: 'onboarding-incomplete' });
    });
  });
});
