import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_FORM_ID,
  guardFields,
  serviceEffects,
  vendorChangesForSave,
  vendorChangesForServiceRemoval,
  vendorOwnedFields,
  vendorOwnedValues,
} from '../../../server/forms/form-effects';
import type { CategoryFile } from '../../../shared/contracts/category';
import type { OnSave } from '../../../shared/contracts/form';
import type { GuardRule } from '../../../shared/contracts/guard-rule';
import { collectGuardRules } from '../../../shared/guard/collect-guard-rules';

function category(id: string, vendorTypeId: number, extra: Partial<CategoryFile> = {}): CategoryFile {
  return { id, label: id, vendorTypeId, slugs: { profile: id, quoteDetail: id, autoResponse: id }, leadCost: 1, fit: [], ...extra };
}

/** The categories with guard rules, as in schemas/categories (only what the effects read). */
const CATEGORIES: CategoryFile[] = [
  category('bakery', 1, {
    onboarding: { set: { is_redirect_to_bakery_auto_response: true } },
    guardRule: {
      id: 'bakery-auto-response',
      order: 60,
      requiresCategory: false,
      when: { anySet: ['is_redirect_to_bakery_auto_response'] },
      redirectTo: 'auto-response-bakery',
    },
  }),
  category('catering', 2, {
    guardRule: {
      id: 'catering-settings',
      order: 20,
      requiresCategory: true,
      when: { allUnset: ['catering_head_count', 'wedding_catering_price_per_head'] },
      redirectTo: 'update-catering-settings',
    },
  }),
  category('makeup', 5, {
    guardRule: {
      id: 'makeup-settings',
      order: 40,
      requiresCategory: true,
      when: { allUnset: ['hair_min_price_per_head', 'makeup_min_price_per_head', 'spray_tan_min_price_per_head'] },
      redirectTo: 'update-makeup-settings',
    },
  }),
  category('florist', 6),
  category('venue', 11, {
    guardRule: {
      id: 'venue-settings',
      order: 30,
      requiresCategory: true,
      when: { allUnset: ['is_venue_setting_updated'] },
      redirectTo: 'update-venue-settings',
    },
  }),
];

const RULES: GuardRule[] = collectGuardRules(CATEGORIES);

function objectSchema(...fields: string[]): Record<string, unknown> {
  return { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'number' }])) };
}

const CATERING_SCHEMA = objectSchema('catering_min_head_count', 'catering_head_count', 'price_per_head', 'wedding_catering_price_per_head');
const MAKEUP_SCHEMA = objectSchema('hair_min_price_per_head', 'makeup_min_price_per_head', 'spray_tan_min_price_per_head', 'travel_fee');
const ONBOARDING_SCHEMA = { type: 'object', properties: { business_name: { type: 'string' }, vendor_type_ids: { type: 'array' }, city: { type: 'string' } } };

function changes(
  formId: string,
  schema: Record<string, unknown>,
  data: Record<string, unknown>,
  onSave: OnSave | null = null,
  currentCategories: number[] = [],
) {
  return vendorChangesForSave({ formId, schema, data, onSave, rules: RULES, categories: CATEGORIES, currentCategories });
}

describe('guardFields', () => {
  it('when rules use allUnset and anySet, then every field they read is listed once', () => {
    expect([...guardFields(RULES)].sort()).toEqual([
      'catering_head_count',
      'hair_min_price_per_head',
      'is_redirect_to_bakery_auto_response',
      'is_venue_setting_updated',
      'makeup_min_price_per_head',
      'spray_tan_min_price_per_head',
      'wedding_catering_price_per_head',
    ]);
  });

  it('when there are no rules, then there are no guard fields', () => {
    expect(guardFields([]).size).toBe(0);
  });
});

describe('vendorChangesForSave for settings forms', () => {
  it("when catering settings are saved, then the guard's fields are copied under the same names and nothing else", () => {
    const result = changes('update-catering-settings', CATERING_SCHEMA, {
      catering_min_head_count: 20,
      catering_head_count: 250,
      price_per_head: 45,
      wedding_catering_price_per_head: 65.5,
    });

    expect(result).toEqual({ fields: { catering_head_count: 250, wedding_catering_price_per_head: 65.5 } });
  });

  it('when a guard field of the form is left out, then it is set to null (removed), so its rule can apply again', () => {
    const result = changes('update-makeup-settings', MAKEUP_SCHEMA, { makeup_min_price_per_head: 80, travel_fee: 25 });

    expect(result.fields).toEqual({ hair_min_price_per_head: null, makeup_min_price_per_head: 80, spray_tan_min_price_per_head: null });
  });

  it('when a guard field holds an array or an object, then it is removed rather than copied', () => {
    const result = changes('update-makeup-settings', MAKEUP_SCHEMA, {
      hair_min_price_per_head: [50],
      makeup_min_price_per_head: { min: 1 },
      spray_tan_min_price_per_head: 40,
    });

    expect(result.fields).toEqual({ hair_min_price_per_head: null, makeup_min_price_per_head: null, spray_tan_min_price_per_head: 40 });
  });

  it("when the data carries another form's guard field, then it is ignored (only the form's own properties count)", () => {
    const result = changes('update-catering-settings', CATERING_SCHEMA, {
      catering_head_count: 100,
      wedding_catering_price_per_head: 50,
      is_venue_setting_updated: true,
      is_redirect_to_bakery_auto_response: false,
      hair_min_price_per_head: 1,
    });

    expect(result.fields).toEqual({ catering_head_count: 100, wedding_catering_price_per_head: 50 });
  });

  it('when the form has onSave.set, then it is merged into the fields', () => {
    const result = changes(
      'update-venue-settings',
      objectSchema('seated_capacity', 'rental_fee'),
      { seated_capacity: 150, rental_fee: 4000 },
      { set: { is_venue_setting_updated: true } },
    );

    expect(result).toEqual({ fields: { is_venue_setting_updated: true } });
  });

  it('when onSave.set clears a flag, then the flag is set to false (the bakery auto-response)', () => {
    const result = changes(
      'auto-response-bakery',
      objectSchema('starting_price'),
      { enabled: true, message: 'Hello there, thanks for asking!' },
      { set: { is_redirect_to_bakery_auto_response: false } },
    );

    expect(result).toEqual({ fields: { is_redirect_to_bakery_auto_response: false } });
  });

  it('when onSave.set names a guard field the form also carries, then onSave wins', () => {
    const schema = objectSchema('is_venue_setting_updated');

    expect(changes('update-venue-settings', schema, { is_venue_setting_updated: false }, { set: { is_venue_setting_updated: true } }).fields).toEqual({
      is_venue_setting_updated: true,
    });
  });

  it('when a form has no guard fields and no onSave, then nothing on the vendor changes', () => {
    expect(changes('auto-response-florist', objectSchema('starting_price'), { starting_price: 100 })).toEqual({ fields: {} });
  });

  it('when the schema has no properties, then no guard field is touched', () => {
    expect(changes('update-catering-settings', { type: 'object' }, { catering_head_count: 100 })).toEqual({ fields: {} });
  });

  it('when a form that is not onboarding carries vendor_type_ids, then categories and step are left alone', () => {
    const result = changes('update-catering-service-types', objectSchema('vendor_type_ids'), { vendor_type_ids: [1] });

    expect(result.categories).toBeUndefined();
    expect(result.lastCompletedStep).toBeUndefined();
    expect(result.fields).toEqual({});
  });

  it('when the profile form carries a business name, then the business is renamed (the menu shows it)', () => {
    const result = changes('edit-profile', objectSchema('business_name'), { business_name: '  Golden Fork Catering ' });

    expect(result.businessName).toBe('Golden Fork Catering');
    expect(result.categories).toBeUndefined();
    expect(result.lastCompletedStep).toBeUndefined();
  });
});

describe('vendorChangesForSave for onboarding', () => {
  it('when onboarding is saved, then the categories, step 1 and the business name are set', () => {
    const result = changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 'Golden Fork', vendor_type_ids: [11, 2], city: 'Austin, TX' });

    expect(result).toEqual({ fields: {}, categories: [11, 2], lastCompletedStep: 1, businessName: 'Golden Fork' });
  });

  it('when a bakery is chosen, then its onboarding flag is set', () => {
    const result = changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 'Sugar Bloom', vendor_type_ids: [2, 1] });

    expect(result.fields).toEqual({ is_redirect_to_bakery_auto_response: true });
    expect(result.categories).toEqual([2, 1]);
  });

  it('when no bakery is chosen, then no onboarding flag is set', () => {
    expect(changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 'Only Venues', vendor_type_ids: [11, 6] }).fields).toEqual({});
  });

  it('when ids repeat or are not numbers, then the categories keep each number once, in order', () => {
    const result = changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 'Dupes', vendor_type_ids: [2, '11', 2, null, 5] });

    expect(result.categories).toEqual([2, 5]);
  });

  it('when vendor_type_ids is missing, then the categories are empty (never undefined)', () => {
    expect(changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 'No Types' }).categories).toEqual([]);
  });

  it('when the business name has spaces around it, then it is trimmed; when it is blank, then it is not changed', () => {
    expect(changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: '  Petal Lane ', vendor_type_ids: [6] }).businessName).toBe('Petal Lane');
    expect(changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: '   ', vendor_type_ids: [6] }).businessName).toBeUndefined();
    expect(changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 42, vendor_type_ids: [6] }).businessName).toBeUndefined();
  });

  it("when the onboarding form has an onSave too, then it is merged with the chosen category's onboarding flag", () => {
    const result = changes(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { business_name: 'Merge Co', vendor_type_ids: [1] }, { set: { welcome_seen: false } });

    expect(result.fields).toEqual({ welcome_seen: false, is_redirect_to_bakery_auto_response: true });
  });
});

describe('onboarding saved again', () => {
  it('when the vendor already had the bakery category, then saving onboarding again does not raise its flag again', () => {
    const again = changes('new-user-step-1', ONBOARDING_SCHEMA, { business_name: 'Cakes', vendor_type_ids: [1, 6], city: 'Austin, TX' }, null, [1]);
    expect(again.fields).not.toHaveProperty('is_redirect_to_bakery_auto_response');
    expect(again.categories).toEqual([1, 6]);
  });

  it('when the bakery category is added later, then its onboarding flag is set then', () => {
    const added = changes('new-user-step-1', ONBOARDING_SCHEMA, { business_name: 'Blooms', vendor_type_ids: [6, 1], city: 'Austin, TX' }, null, [6]);
    expect(added.fields.is_redirect_to_bakery_auto_response).toBe(true);
  });
});

describe('vendorOwnedFields and vendorOwnedValues', () => {
  const vendor = { businessName: 'Blooms', categories: [6, 1] };

  it("when onboarding has a name and categories, then both are the vendor record's, with its values", () => {
    expect(vendorOwnedFields(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA)).toEqual(['business_name', 'vendor_type_ids']);
    expect(vendorOwnedValues(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, vendor)).toEqual({ business_name: 'Blooms', vendor_type_ids: [6, 1] });
  });

  it("when another form has a business name and a vendor_type_ids field, then only the name is the vendor's", () => {
    const schema = { type: 'object', properties: { business_name: { type: 'string' }, vendor_type_ids: { type: 'array' }, about: { type: 'string' } } };
    expect(vendorOwnedFields('edit-profile', schema)).toEqual(['business_name']);
    expect(vendorOwnedValues('edit-profile', schema, vendor)).toEqual({ business_name: 'Blooms' });
  });

  it("when a form has neither field, then nothing is the vendor's", () => {
    expect(vendorOwnedFields('update-venue-settings', { type: 'object', properties: { capacity: { type: 'integer' } } })).toEqual([]);
  });

  it('when the business has no categories yet, then onboarding shows none rather than an empty choice', () => {
    expect(vendorOwnedValues(ONBOARDING_FORM_ID, ONBOARDING_SCHEMA, { businessName: 'Blooms', categories: [] })).toEqual({ business_name: 'Blooms' });
  });
});

describe('serviceEffects and vendorChangesForServiceRemoval', () => {
  const cakesToo = category('dessert-bar', 20, { onboarding: { set: { is_redirect_to_bakery_auto_response: true, dessert_menu_due: true } } });

  it('when a service is added, then its onboarding effects are set; when one is kept, nothing is', () => {
    expect(serviceEffects(CATEGORIES, [6], [6, 1])).toEqual({ is_redirect_to_bakery_auto_response: true });
    expect(serviceEffects(CATEGORIES, [6, 1], [6, 1])).toEqual({});
  });

  it('when a service is removed, then the fields its onboarding set are removed', () => {
    expect(serviceEffects(CATEGORIES, [6, 1], [6])).toEqual({ is_redirect_to_bakery_auto_response: null });
  });

  it('when a kept service sets the same field, then removing the other leaves it alone', () => {
    expect(serviceEffects([...CATEGORIES, cakesToo], [1, 20], [20])).toEqual({});
    expect(serviceEffects([...CATEGORIES, cakesToo], [1, 20], [1])).toEqual({ dessert_menu_due: null });
  });

  it('when a service is removed, then the categories lose it and keep their order', () => {
    expect(vendorChangesForServiceRemoval(CATEGORIES, [6, 1, 2], 1)).toEqual({ categories: [6, 2], fields: { is_redirect_to_bakery_auto_response: null } });
  });
});
