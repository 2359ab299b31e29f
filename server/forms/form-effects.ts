import type { CategoryFile } from '../../shared/contracts/category';
import type { GuardRule } from '../../shared/contracts/guard-rule';
import type { OnSave } from '../../shared/contracts/form';

/** The onboarding form (docs/architecture.md: Server-driven forms): its `vendor_type_ids` become the vendor's categories. */
export const ONBOARDING_FORM_ID = 'new-user-step-1';

/**
 * Form fields that are the business's own record, not the form's: `business_name` (any form)
 * and onboarding's `vendor_type_ids` (the categories). They are shown from the vendor record and
 * never stored with the form data, so renaming the business in one form, or changing its
 * services, can never leave a stale copy in another.
 */
export function vendorOwnedFields(formId: string, schema: Record<string, unknown>): string[] {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const fields: string[] = [];
  if ('business_name' in properties) fields.push('business_name');
  if (formId === ONBOARDING_FORM_ID && 'vendor_type_ids' in properties) fields.push('vendor_type_ids');
  return fields;
}

/** The vendor record's values of a form's vendor-owned fields (a business without categories has none). */
export function vendorOwnedValues(
  formId: string,
  schema: Record<string, unknown>,
  vendor: { businessName: string; categories: readonly number[] },
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of vendorOwnedFields(formId, schema)) {
    if (field === 'business_name' && vendor.businessName) values.business_name = vendor.businessName;
    if (field === 'vendor_type_ids' && vendor.categories.length > 0) values.vendor_type_ids = [...vendor.categories];
  }
  return values;
}

/** What saving a form changes on the business besides storing the form data. */
export interface VendorChanges {
  /** Vendor-record fields to set (a null value removes the field). */
  fields: Record<string, string | number | boolean | null>;
  categories?: number[];
  lastCompletedStep?: number;
  businessName?: string;
}

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Every vendor field a guard rule reads. */
export function guardFields(rules: readonly GuardRule[]): Set<string> {
  return new Set(rules.flatMap((rule) => ('allUnset' in rule.when ? rule.when.allUnset : rule.when.anySet)));
}

/**
 * The vendor-record changes of one save: the guard's fields the form carries are copied under
 * the same names (a field left empty is removed, so its rule applies again), then the form's
 * `onSave.set`. A `business_name` (onboarding, the profile) renames the business. Onboarding also
 * sets the categories, step 1, and each newly chosen category's `onboarding.set` (the bakery's
 * auto-response flag).
 */
export function vendorChangesForSave(input: {
  formId: string;
  schema: Record<string, unknown>;
  data: Record<string, unknown>;
  onSave: OnSave | null;
  rules: readonly GuardRule[];
  categories: readonly CategoryFile[];
  /** The vendor's categories before this save. */
  currentCategories: readonly number[];
}): VendorChanges {
  const { formId, schema, data, onSave, rules, categories, currentCategories } = input;
  const changes: VendorChanges = { fields: {} };
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  for (const field of guardFields(rules)) {
    if (!(field in properties)) continue;
    const value = data[field];
    changes.fields[field] = value !== undefined && isScalar(value) ? value : null;
  }
  Object.assign(changes.fields, onSave?.set ?? {});

  // The business's own name: any form may carry it (onboarding, the profile).
  if (typeof data.business_name === 'string' && data.business_name.trim()) changes.businessName = data.business_name.trim();

  if (formId === ONBOARDING_FORM_ID) {
    const ids = Array.isArray(data.vendor_type_ids) ? data.vendor_type_ids.filter((v): v is number => typeof v === 'number') : [];
    changes.categories = [...new Set(ids)];
    changes.lastCompletedStep = 1;
    Object.assign(changes.fields, serviceEffects(categories, currentCategories, changes.categories));
  }
  return changes;
}

/**
 * The vendor fields that a change of services sets: a category's `onboarding.set` (the bakery's
 * auto-response flag) applies when it is added, not every time onboarding is saved again, and is
 * undone (null) when it is removed, unless a service the vendor keeps sets the same field. So a
 * service removed while its compulsory screen was still due leaves nothing behind that would
 * keep sending the vendor there.
 */
export function serviceEffects(categories: readonly CategoryFile[], before: readonly number[], after: readonly number[]): Record<string, Scalar> {
  const fields: Record<string, Scalar> = {};
  const kept = categories.filter((category) => after.includes(category.vendorTypeId));
  for (const category of categories) {
    if (before.includes(category.vendorTypeId) && !after.includes(category.vendorTypeId)) {
      for (const field of Object.keys(category.onboarding?.set ?? {})) {
        if (!kept.some((other) => other.onboarding?.set && field in other.onboarding.set)) fields[field] = null;
      }
    }
  }
  for (const category of categories) {
    if (after.includes(category.vendorTypeId) && !before.includes(category.vendorTypeId)) Object.assign(fields, category.onboarding?.set ?? {});
  }
  return fields;
}

/**
 * The vendor-record changes of removing one service (docs/architecture.md: Server-driven forms, "Remove this
 * service"): the categories without it and its onboarding effects undone. Its saved settings stay
 * stored, so adding it back later brings them back.
 */
export function vendorChangesForServiceRemoval(categories: readonly CategoryFile[], currentCategories: readonly number[], vendorTypeId: number): VendorChanges {
  const after = currentCategories.filter((id) => id !== vendorTypeId);
  return { fields: serviceEffects(categories, currentCategories, after), categories: after };
}
