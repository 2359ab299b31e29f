import { ForbiddenError } from '@casl/ability';
import type { FormStatus } from '../../shared/contracts/form';
import type { FieldError } from '../../shared/contracts/problem';
import { vendorRecordOfUser } from '../auth';
import { applyVendorChanges, categoriesOf, findVendor, findVendorForUpdate, type VendorRow } from '../business';
import type { ConfigForm, ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { ONBOARDING_FORM_ID, vendorChangesForSave, vendorChangesForServiceRemoval, vendorOwnedFields, vendorOwnedValues } from './form-effects';
import type { FormValidator } from './form-validator';
import { formDataOf } from './form-data';
import { findFormData, listFormData, saveFormData } from './forms.repository';
import { unknownPlaces } from './unknown-places';
import type { Gazetteer } from '../places';

/** What the forms use cases need besides the core: the current config, the server-side validator and the places it checks. */
export interface FormsDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  validator: FormValidator;
  places: Gazetteer;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

function formOf(snapshot: ConfigSnapshot, formId: string): ConfigForm {
  const form = snapshot.config.forms.get(formId);
  if (!form) throw new AppError(404, 'not-found', `No form with id "${formId}"`);
  return form;
}

/**
 * The saved data as the vendor sees it: the stored data with the vendor-owned fields (business
 * name, categories) taken from the vendor record. Null when nothing is saved.
 */
function currentData(form: ConfigForm, saved: { data: string } | undefined, vendor: VendorRow | undefined): Record<string, unknown> | null {
  if (!saved) return null;
  const owned = vendor ? vendorOwnedValues(form.payload.id, form.payload.schema, { businessName: vendor.business_name, categories: categoriesOf(vendor) }) : {};
  return { ...formDataOf(saved), ...owned };
}

function statusOf(
  deps: FormsDeps,
  form: ConfigForm,
  saved: { data: string } | undefined,
  data: Record<string, unknown> | null,
): { status: FormStatus; errors: FieldError[] } {
  if (!saved || !data) return { status: 'not-started', errors: [] };
  const errors = deps.validator.validate(form.payload.schema, data);
  return { status: errors.length > 0 ? 'needs-review' : 'complete', errors };
}

/**
 * The saved data of a form. `version` is the schema version it was saved under (the current
 * one when nothing is saved); `status` and `errors` tell whether it still fits the schema.
 */
export async function getFormData(deps: FormsDeps, auth: AuthContext, formId: string) {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Form');
  const form = formOf(deps.schemas(), formId);
  const [saved, vendor] = await Promise.all([findFormData(deps.database.db, auth.vendorId, formId), findVendor(deps.database.db, auth.vendorId)]);
  const data = currentData(form, saved, vendor);
  const { status, errors } = statusOf(deps, form, saved, data);
  return {
    data,
    version: saved?.version ?? form.payload.version,
    formVersion: form.payload.version,
    status,
    errors,
  };
}

/**
 * Validates a submission against the very schema the client rendered (same Ajv options), then,
 * in one transaction, stores it with its schema version and applies its effects on the vendor
 * record. Nothing is stored on a 400. Returns the updated vendor record.
 */
export async function saveForm(deps: FormsDeps, auth: AuthContext, formId: string, data: Record<string, unknown>) {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Form');
  const snapshot = deps.schemas();
  const form = formOf(snapshot, formId);
  const errors = deps.validator.validate(form.payload.schema, data);
  if (errors.length === 0) errors.push(...unknownPlaces(deps.places, form.payload.schema, data));
  if (errors.length > 0) throw new AppError(400, 'validation-failed', 'Some fields need your attention.', errors);
  const now = deps.clock.now();
  const { dialect } = deps.database;
  await deps.database.writeTransaction(async (trx) => {
    const current = await findVendorForUpdate(trx, auth.vendorId, dialect);
    const changes = vendorChangesForSave({
      formId,
      schema: form.payload.schema,
      data,
      onSave: form.onSave,
      rules: snapshot.config.guardRules,
      categories: snapshot.config.categoryFiles,
      currentCategories: categoriesOf(current),
    });
    const owned = new Set(vendorOwnedFields(formId, form.payload.schema));
    const own = Object.fromEntries(Object.entries(data).filter(([field]) => !owned.has(field)));
    await saveFormData(trx, {
      vendor_id: auth.vendorId,
      form_id: formId,
      version: form.payload.version,
      data: JSON.stringify(own),
      updated_by: auth.userId,
      updated_at: now,
    });
    await applyVendorChanges(trx, dialect, auth.vendorId, changes, now);
    const before = categoriesOf(current);
    const categories = changes.categories ?? before;
    if (changes.categories && !sameSet(before, changes.categories))
      await deps.events.publish(trx, 'business.services-changed', { vendorId: auth.vendorId, categories });
    await deps.events.publish(trx, 'form.saved', { vendorId: auth.vendorId, formId, data: own, categories });
  });
  return vendorRecordOfUser(deps, auth.userId);
}

/**
 * Removes one of the business's services (a category): the way out of a compulsory settings
 * screen for a service added by mistake. 404 when the business does not offer it; 409 for the
 * last one (a business offers at least one service). Returns the updated vendor record, which
 * the guard then reads.
 */
export async function removeService(deps: FormsDeps, auth: AuthContext, categoryId: string) {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Form');
  const snapshot = deps.schemas();
  const category = snapshot.config.categoryFiles.find((c) => c.id === categoryId);
  const notOffered = () => new AppError(404, 'not-found', 'Your business does not offer this service.');
  if (!category) throw notOffered();
  const { dialect } = deps.database;
  await deps.database.writeTransaction(async (trx) => {
    const current = categoriesOf(await findVendorForUpdate(trx, auth.vendorId, dialect));
    if (!current.includes(category.vendorTypeId)) throw notOffered();
    if (current.length === 1) {
      throw new AppError(409, 'conflict', `${category.label} is your only service. Add another in business details before removing it.`);
    }
    const changes = vendorChangesForServiceRemoval(snapshot.config.categoryFiles, current, category.vendorTypeId);
    await applyVendorChanges(trx, dialect, auth.vendorId, changes, deps.clock.now());
    await deps.events.publish(trx, 'business.services-changed', { vendorId: auth.vendorId, categories: changes.categories ?? [] });
  });
  deps.logger.info('service removed', { vendorId: auth.vendorId, userId: auth.userId, category: category.id });
  return vendorRecordOfUser(deps, auth.userId);
}

/**
 * Every form that applies to the vendor, with its state: onboarding (once it is done, opened
 * through its other screen, `/business-details`, which the guard does not send away), then for
 * each of their categories its settings and auto-response, then the other forms of `schemas/forms/`.
 */
export async function listForms(deps: FormsDeps, auth: AuthContext) {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Form');
  const snapshot = deps.schemas();
  const vendor = await findVendor(deps.database.db, auth.vendorId);
  const vendorTypes = new Set<number>(categoriesOf(vendor));
  const saved = new Map((await listFormData(deps.database.db, auth.vendorId)).map((row) => [row.form_id, row]));
  const onboarded = (vendor?.last_completed_step ?? 0) >= 1;
  const routeOf = (formId: string) => {
    const routes = snapshot.config.routes.filter((r) => (r.formId ?? r.name) === formId);
    return (onboarded && routes.find((r) => r.name !== ONBOARDING_FORM_ID)) || routes[0];
  };

  const ids: { id: string; category: string | null }[] = [{ id: ONBOARDING_FORM_ID, category: null }];
  for (const category of snapshot.config.categories) {
    if (!vendorTypes.has(category.vendorTypeId)) continue;
    if (category.forms.settings) ids.push({ id: category.forms.settings, category: category.id });
    ids.push({ id: category.forms.autoResponse, category: category.id });
    // Other forms of the category's own (e.g. catering service types).
    for (const [id, form] of snapshot.config.forms) {
      if (form.category === category.id && !ids.some((entry) => entry.id === id)) ids.push({ id, category: category.id });
    }
  }
  for (const [id, form] of snapshot.config.forms) {
    if (form.category === null && !ids.some((entry) => entry.id === id)) ids.push({ id, category: null });
  }

  return ids.flatMap(({ id, category }) => {
    const form = snapshot.config.forms.get(id);
    const route = routeOf(id);
    if (!form || !route) return [];
    const row = saved.get(id);
    const { status, errors } = statusOf(deps, form, row, currentData(form, row, vendor));
    // A screen that shows another's form (business details) goes by its own title.
    const title = (route.name === id ? form.payload.title : route.meta.title) ?? form.payload.title ?? route.meta.title ?? id;
    return [
      {
        id,
        title,
        path: route.path,
        category,
        version: form.payload.version,
        savedVersion: row?.version ?? null,
        updatedAt: row?.updated_at ?? null,
        status,
        errors,
      },
    ];
  });
}
