import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import type { SessionBody } from '../../support/api/http';
import { formPayload, getForm, putForm, storedForms, validDataFor, type FormDataBody, type JsonSchemaLike } from '../../support/api/forms';
import { businessOf, freshCity, matchedVendorIds, saveForm, type Seller } from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { getProfile } from '../profile/support';
import { VENDOR_TYPE } from '../../support/vendor-types';

/**
 * One question, one place (docs/architecture.md: Forms, One question, one place; issue 24): notice in days in
 * business details, the about text in the profile, Vegan among dietary options. Answers stored
 * under the old forms are written as they were, then migration 031 runs over them.
 */
describe.each(TEST_DATABASES)('one question, one place on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const ids = (...sellers: Seller[]) => sellers.map(businessOf).sort();
  const propertiesOf = (schema: JsonSchemaLike) => (schema.properties ?? {}) as Record<string, { title?: string; items?: { enum?: string[] } }>;

  /** The database as it was before 031, `write` storing what the old forms saved, then migrated to the latest again. */
  async function migrateOver(write: () => Promise<void>): Promise<void> {
    await migrateTo(ctx.database.db as never, migrations, '030-quote-templates', ctx.database.schema);
    await write();
    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toContain('031-one-question-once');
  }

  /** Stores a form's answers as an older form saved them (the row exists: the vendor saved the form). */
  async function storeAsSaved(seller: SessionBody, formId: string, version: number, data: Record<string, unknown>): Promise<void> {
    await ctx.database.db
      .updateTable('form_data')
      .set({ version, data: JSON.stringify(data) })
      .where('vendor_id', '=', businessOf(seller))
      .where('form_id', '=', formId)
      .execute();
  }

  async function stored(seller: SessionBody, formId: string): Promise<{ version: number; data: Record<string, unknown> } | undefined> {
    const row = (await storedForms(ctx, businessOf(seller))).find((form) => form.form_id === formId);
    return row && { version: row.version, data: row.data as Record<string, unknown> };
  }

  async function formOf(seller: SessionBody, formId: string): Promise<FormDataBody> {
    const res = await getForm(ctx, seller.accessToken, formId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as FormDataBody;
  }

  async function setProfile(seller: SessionBody, categoryId: string, profile: { notice_days?: number; settings?: Record<string, unknown> }): Promise<void> {
    await ctx.database.db
      .updateTable('matching_profiles')
      .set({
        ...(profile.notice_days === undefined ? {} : { notice_days: profile.notice_days }),
        ...(profile.settings ? { settings: JSON.stringify(profile.settings) } : {}),
      })
      .where('vendor_id', '=', businessOf(seller))
      .where('category_id', '=', categoryId)
      .execute();
  }

  it('when the forms are read, then notice is asked in days in business details only, the about text in the profile only, and Vegan is a dietary option, not a cuisine', async () => {
    const onboarding = await formPayload(ctx, 'new-user-step-1');
    const bakery = await formPayload(ctx, 'update-bakery-settings');
    const catering = await formPayload(ctx, 'update-catering-settings');
    const profile = await formPayload(ctx, 'edit-profile');

    expect(propertiesOf(onboarding.schema).min_notice_days?.title).toBe('Notice you need before an event (days)');
    expect(Object.keys(propertiesOf(onboarding.schema))).not.toContain('short_description');
    expect(onboarding.version).toBe(3);
    expect(propertiesOf(profile.schema).about?.title).toBe('About your business');
    expect(Object.keys(propertiesOf(bakery.schema))).not.toContain('lead_time_weeks');
    expect(Object.values(propertiesOf(bakery.schema)).map((field) => field.title)).not.toContain('Minimum notice (weeks)');
    expect(bakery.version).toBe(3);
    expect(propertiesOf(catering.schema).cuisines?.items?.enum).not.toContain('Vegan');
    expect(propertiesOf(catering.schema).dietary_options?.items?.enum).toContain('Vegan');
    expect(catering.version).toBe(3);
  });

  it("when a baker's notice in weeks was stored before, then the migration makes it business details' days when longer, drops the weeks, and matching waits for it in every category", async () => {
    const city = freshCity(ctx);
    const settings = { ...(await validDataFor(ctx, 'update-bakery-settings')), min_servings: 10 };
    const longer = await aVendor(ctx, { city, category: ['bakery', 'florist'], onboarding: { min_notice_days: 7 } });
    await saveForm(ctx, longer, 'update-bakery-settings', settings);
    const shorter = await aVendor(ctx, { city: freshCity(ctx), category: 'bakery', onboarding: { min_notice_days: 60 } });
    await saveForm(ctx, shorter, 'update-bakery-settings', settings);
    const odd = await aVendor(ctx, { city: freshCity(ctx), category: 'bakery', onboarding: { min_notice_days: 10 } });
    await saveForm(ctx, odd, 'update-bakery-settings', settings);
    const onboardingOf = async (seller: SessionBody) => (await stored(seller, 'new-user-step-1'))?.data ?? {};
    const [longerOnboarding, shorterOnboarding] = [await onboardingOf(longer), await onboardingOf(shorter)];

    await migrateOver(async () => {
      await storeAsSaved(longer, 'update-bakery-settings', 2, { ...settings, lead_time_weeks: 4 });
      await storeAsSaved(longer, 'new-user-step-1', 2, longerOnboarding);
      await storeAsSaved(shorter, 'update-bakery-settings', 2, { ...settings, lead_time_weeks: 2 });
      await storeAsSaved(shorter, 'new-user-step-1', 2, shorterOnboarding);
      // Not a number of weeks: nothing to move it into.
      await storeAsSaved(odd, 'update-bakery-settings', 2, { ...settings, lead_time_weeks: 'four' });
      // Matching as the weeks made it: the bakery waited 4 weeks, the florist a week.
      await setProfile(longer, 'bakery', { notice_days: 28 });
      await setProfile(longer, 'florist', { notice_days: 7 });
    });

    expect(await stored(longer, 'new-user-step-1')).toEqual({ version: 3, data: { ...longerOnboarding, min_notice_days: 28 } });
    expect(await stored(longer, 'update-bakery-settings')).toEqual({ version: 3, data: settings });
    expect(await stored(shorter, 'new-user-step-1')).toEqual({ version: 3, data: { ...shorterOnboarding, min_notice_days: 60 } });
    expect(await stored(shorter, 'update-bakery-settings')).toEqual({ version: 3, data: settings });
    // Kept as it was, under version 2, for review; the business's notice untouched.
    expect(await stored(odd, 'update-bakery-settings')).toEqual({ version: 2, data: { ...settings, lead_time_weeks: 'four' } });
    expect((await stored(odd, 'new-user-step-1'))?.data).toMatchObject({ min_notice_days: 10 });
    expect(await formOf(longer, 'update-bakery-settings')).toMatchObject({ version: 3, formVersion: 3, status: 'complete' });
    expect(await formOf(longer, 'new-user-step-1')).toMatchObject({ data: { min_notice_days: 28 }, status: 'complete' });

    const floristSoon = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 21) });
    const floristLater = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 28) });
    const bakerySoon = await aConfirmedRequest(ctx, { category: 'bakery', location: city, eventDate: dayFromNow(ctx, 21) });
    const bakeryLater = await aConfirmedRequest(ctx, { category: 'bakery', location: city, eventDate: dayFromNow(ctx, 28) });
    expect(await matchedVendorIds(ctx, floristSoon.request.id)).toEqual([]);
    expect(await matchedVendorIds(ctx, floristLater.request.id)).toEqual(ids(longer));
    expect(await matchedVendorIds(ctx, bakerySoon.request.id)).toEqual([]);
    expect(await matchedVendorIds(ctx, bakeryLater.request.id)).toEqual(ids(longer));
  });

  it("when a caterer's cuisines held Vegan, then the migration moves it to their dietary options once, and a couple asking for vegan food still finds them", async () => {
    const city = freshCity(ctx);
    const settings = {
      ...(await validDataFor(ctx, 'update-catering-settings')),
      catering_min_head_count: 1,
      catering_head_count: 500,
      service_styles: ['Buffet'],
    };
    const cuisinesAndDiet = await aVendor(ctx, { city, category: 'catering' });
    await saveForm(ctx, cuisinesAndDiet, 'update-catering-settings', { ...settings, cuisines: ['Italian'], dietary_options: ['Gluten-free'] });
    const both = await aVendor(ctx, { city, category: 'catering' });
    await saveForm(ctx, both, 'update-catering-settings', { ...settings, cuisines: ['Thai'], dietary_options: ['Vegan'] });

    await migrateOver(async () => {
      const before = { ...settings, cuisines: ['Italian', 'Vegan'], dietary_options: ['Gluten-free'] };
      await storeAsSaved(cuisinesAndDiet, 'update-catering-settings', 2, before);
      // Matching as the old answers made it: no vegan dietary option.
      await setProfile(cuisinesAndDiet, 'catering', { settings: before });
      await storeAsSaved(both, 'update-catering-settings', 2, { ...settings, cuisines: ['Vegan', 'Thai'], dietary_options: ['Vegan'] });
    });

    expect(await stored(cuisinesAndDiet, 'update-catering-settings')).toEqual({
      version: 3,
      data: { ...settings, cuisines: ['Italian'], dietary_options: ['Gluten-free', 'Vegan'] },
    });
    expect(await stored(both, 'update-catering-settings')).toEqual({ version: 3, data: { ...settings, cuisines: ['Thai'], dietary_options: ['Vegan'] } });
    expect(await formOf(cuisinesAndDiet, 'update-catering-settings')).toMatchObject({ status: 'complete', version: 3 });

    // The couples' form still offers Vegan as a cuisine and a dietary need; no fit rule reads cuisines.
    const { request } = await aConfirmedRequest(ctx, {
      category: 'catering',
      location: city,
      guests: 100,
      details: { service_style: 'Buffet', cuisines: ['Vegan'], dietary_needs: ['Vegan'] },
    });
    expect(await matchedVendorIds(ctx, request.id)).toEqual(ids(cuisinesAndDiet, both));
  });

  it("when business details held a short description, then the migration makes it the profile's about where that is empty, and keeps it stored, unmerged, where the about differs", async () => {
    const TEXT = 'Garden roses and wildflowers from our own farm.';
    const neverSaved = await aVendor(ctx);
    const emptyAbout = await aVendor(ctx);
    await saveForm(ctx, emptyAbout, 'edit-profile', { business_name: 'Empty About Florals', service_area: 'Central Texas' });
    const differs = await aVendor(ctx);
    await saveForm(ctx, differs, 'edit-profile', { business_name: 'Own Words Florals', about: 'Family-run since 1998.' });
    const sellers = [neverSaved, emptyAbout, differs];
    const onboardings = await Promise.all(sellers.map(async (seller) => (await stored(seller, 'new-user-step-1'))?.data ?? {}));

    await migrateOver(async () => {
      for (const [i, seller] of sellers.entries()) {
        await storeAsSaved(seller, 'new-user-step-1', 2, { ...onboardings[i], website: 'https://petals.example.com', short_description: TEXT });
      }
    });

    expect(await stored(neverSaved, 'edit-profile')).toEqual({ version: 3, data: { about: TEXT, website: 'https://petals.example.com' } });
    expect(await getProfile(ctx, neverSaved.accessToken)).toMatchObject({ about: TEXT, links: { website: 'https://petals.example.com' } });
    expect(await stored(neverSaved, 'new-user-step-1')).toEqual({ version: 3, data: { ...onboardings[0], website: 'https://petals.example.com' } });
    expect(await stored(emptyAbout, 'edit-profile')).toEqual({ version: 3, data: { service_area: 'Central Texas', about: TEXT } });
    expect(await getProfile(ctx, emptyAbout.accessToken)).toMatchObject({ about: TEXT });
    // Both filled: the profile's text stays as the vendor wrote it; the short description stays stored under version 2.
    expect(await getProfile(ctx, differs.accessToken)).toMatchObject({ about: 'Family-run since 1998.' });
    expect(await formOf(differs, 'new-user-step-1')).toMatchObject({ version: 2, formVersion: 3, data: { short_description: TEXT } });

    // Business details no longer ask it: saving them again touches no profile text.
    const res = await putForm(ctx, neverSaved.accessToken, 'new-user-step-1', {
      ...onboardings[0],
      business_name: 'Never Saved Florals',
      vendor_type_ids: [VENDOR_TYPE.florist],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await getProfile(ctx, neverSaved.accessToken)).toMatchObject({ about: TEXT });
  });
});
