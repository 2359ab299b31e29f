import type { CategoryFile } from '../../../shared/contracts/category';
import type { Json } from '../../../shared/contracts/json';
import type { Route } from '../../../shared/contracts/route';
import { BUILT_IN_RULES, GUARD_ROUTES } from '../../../shared/guard/rule-ids';
import { categoryRouteNames } from '../../../shared/routes/category-routes';
import type { ConfigForm } from './build-config';
import { quoteFormId, requestFormId } from './form-ids';
import type { SchemaProblem } from './schema-problem';

/**
 * The rules that span files of the schema folder (ids and slugs unique across categories, routes
 * the guard needs, guard rules and matching facts naming fields that exist), each adding what it
 * finds to `problems`. buildConfig runs them once every file has parsed.
 */

/** The onboarding form, whose answers (city, radius, notice) every category's matching reads. */
const ONBOARDING_FORM = 'new-user-step-1';

export function checkUnique<T>(
  items: T[],
  key: (item: T) => string,
  where: (item: T) => { file: string; path: string },
  what: string,
  problems: SchemaProblem[],
) {
  const seen = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const first = seen.get(k);
    if (first) {
      const at = where(first);
      problems.push({ ...where(item), message: `${what} "${k}" is already used by ${at.file} (${at.path})` });
    } else {
      seen.set(k, item);
    }
  }
}

export interface Located<T> {
  value: T;
  file: string;
  path: string;
}

function fieldsOf(form: ConfigForm | undefined): Map<string, Record<string, Json>> {
  const properties = (form?.payload.schema.properties ?? {}) as Record<string, Record<string, Json>>;
  return new Map(Object.entries(properties));
}

/**
 * A category's matching facts name fields that exist: a fit rule's `details.<field>` in the
 * request form and its settings field in the settings form (or onboarding's); the notice field
 * a number of the settings form.
 */
export function checkMatchingFacts(category: CategoryFile, file: string, forms: Map<string, ConfigForm>, problems: SchemaProblem[]) {
  const names = categoryRouteNames(category);
  const settings = fieldsOf(names.settings ? forms.get(names.settings) : undefined);
  const onboarding = fieldsOf(forms.get(ONBOARDING_FORM));
  const request = fieldsOf(forms.get(requestFormId(category.id)));
  category.fit.forEach((rule, i) => {
    if (rule.request.startsWith('details.') && !request.has(rule.request.slice('details.'.length))) {
      problems.push({ file, path: `$.fit[${i}].request`, message: `the request form has no field "${rule.request.slice('details.'.length)}"` });
    }
    if (!settings.has(rule.settings) && !onboarding.has(rule.settings)) {
      problems.push({ file, path: `$.fit[${i}].settings`, message: `"${rule.settings}" is a field of neither this category's settings form nor onboarding` });
    }
  });
  checkUnique(
    category.fit.map((rule, i) => ({ value: rule.id, file, path: `$.fit[${i}]` })),
    (r) => r.value,
    (r) => ({ file: r.file, path: `${r.path}.id` }),
    'fit rule id',
    problems,
  );
  if (category.notice) {
    const field = settings.get(category.notice.field);
    if (!field || (field.type !== 'integer' && field.type !== 'number')) {
      problems.push({ file, path: '$.notice.field', message: `"${category.notice.field}" must be a number field of this category's settings form` });
    }
  }
}

/**
 * A category's highlights name fields of its settings form, of a kind they can show: `{value}` in
 * the text of any field but a boolean (a boolean shows its text when turned on), `money` and
 * `number` on number fields only.
 */
export function checkHighlights(category: CategoryFile, file: string, forms: Map<string, ConfigForm>, problems: SchemaProblem[]) {
  const names = categoryRouteNames(category);
  const settings = fieldsOf(names.settings ? forms.get(names.settings) : undefined);
  (category.highlights ?? []).forEach((highlight, i) => {
    const at = `$.highlights[${i}]`;
    const field = settings.get(highlight.settings);
    if (!field) {
      problems.push({ file, path: `${at}.settings`, message: `"${highlight.settings}" is not a field of this category's settings form` });
      return;
    }
    const isBoolean = field.type === 'boolean';
    const isNumber = field.type === 'number' || field.type === 'integer';
    if (isBoolean && highlight.text.includes('{value}')) {
      problems.push({
        file,
        path: `${at}.text`,
        message: `"${highlight.settings}" is a yes/no field: write the line it shows when turned on, without {value}`,
      });
    }
    if (!isBoolean && !highlight.text.includes('{value}')) {
      problems.push({ file, path: `${at}.text`, message: 'must contain {value}, where the saved value goes' });
    }
    if (highlight.format && !isNumber) {
      problems.push({ file, path: `${at}.format`, message: `"${highlight.format}" needs a number field, and "${highlight.settings}" is not one` });
    }
  });
}

/**
 * A category that words its starting-price line or titles its field has an auto-response form
 * with a `starting_price` number field for them to speak of.
 */
export function checkPriceLine(category: CategoryFile, file: string, forms: Map<string, ConfigForm>, problems: SchemaProblem[]) {
  const field = fieldsOf(forms.get(categoryRouteNames(category).autoResponse)).get('starting_price');
  if (field && (field.type === 'number' || field.type === 'integer')) return;
  for (const key of ['priceLine', 'priceTitle'] as const) {
    if (category.autoResponse?.[key] === undefined) continue;
    problems.push({ file, path: `$.autoResponse.${key}`, message: 'the auto-response form has no "starting_price" number field for it' });
  }
}

/** A field's JSON Schema `type` when it names one. */
function kindOf(field: Record<string, Json> | undefined): string | undefined {
  return typeof field?.type === 'string' ? field.type : undefined;
}

/** "a number", "an integer", "an array": a kind as a problem message names it. */
function aKind(kind: string | undefined): string {
  if (!kind) return 'a field of no type';
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

/**
 * Why `source`'s values cannot go into `target`, or null when they can: the same kind (a whole
 * number into a number too), choices the target offers, list items that fit in turn.
 */
function misfit(source: Record<string, Json>, target: Record<string, Json>): string | null {
  const from = kindOf(source);
  const to = kindOf(target);
  if (!from || !to || (from !== to && !(from === 'integer' && to === 'number'))) return `${aKind(from)} cannot fill ${aKind(to)}`;
  if (Array.isArray(target.enum)) {
    const offered = new Set(target.enum.map((value) => JSON.stringify(value)));
    if (!Array.isArray(source.enum) || source.enum.some((value) => !offered.has(JSON.stringify(value))))
      return 'it may hold a choice the quote field does not offer';
  }
  if (from === 'array') {
    const items = (field: Record<string, Json>) => (field.items && typeof field.items === 'object' && !Array.isArray(field.items) ? field.items : undefined);
    const sourceItems = items(source);
    const targetItems = items(target);
    if (!sourceItems || !targetItems) return 'lists need items of a declared kind';
    const inner = misfit(sourceItems, targetItems);
    if (inner) return `its items do not fit: ${inner}`;
  }
  return null;
}

/**
 * A category's quote prefill names fields that exist and fit: each mapping a field of the quote
 * form, filled from a field of the settings form (or the request's guests or one of its answers)
 * of a kind the quote field takes; the price from a number of the settings form, times the guests
 * or a number the request form asks; no quote field filled twice.
 */
export function checkQuotePrefill(category: CategoryFile, file: string, forms: Map<string, ConfigForm>, problems: SchemaProblem[]) {
  if (!category.quotePrefill) return;
  const names = categoryRouteNames(category);
  const settings = fieldsOf(names.settings ? forms.get(names.settings) : undefined);
  const request = fieldsOf(forms.get(requestFormId(category.id)));
  const quote = fieldsOf(forms.get(quoteFormId(category.id)));
  const GUESTS: Record<string, Json> = { type: 'integer' };
  const requestField = (operand: string) => (operand === 'guests' ? GUESTS : request.get(operand.slice('details.'.length)));
  const { fields, price } = category.quotePrefill;
  fields.forEach((mapping, i) => {
    const at = `$.quotePrefill.fields[${i}]`;
    const target = quote.get(mapping.quote);
    if (!target) problems.push({ file, path: `${at}.quote`, message: `the quote form has no field "${mapping.quote}"` });
    let source: Record<string, Json> | undefined;
    let name: string;
    if ('settings' in mapping) {
      name = mapping.settings;
      source = settings.get(mapping.settings);
      if (!source) problems.push({ file, path: `${at}.settings`, message: `"${mapping.settings}" is not a field of this category's settings form` });
    } else {
      name = mapping.request;
      source = requestField(mapping.request);
      if (!source) problems.push({ file, path: `${at}.request`, message: `the request form has no field "${mapping.request.slice('details.'.length)}"` });
    }
    const wrong = source && target ? misfit(source, target) : null;
    if (wrong) problems.push({ file, path: at, message: `"${name}" cannot fill the quote's "${mapping.quote}": ${wrong}` });
  });
  checkUnique(
    fields.map((mapping, i) => ({ value: mapping.quote, file, path: `$.quotePrefill.fields[${i}]` })),
    (m) => m.value,
    (m) => ({ file: m.file, path: `${m.path}.quote` }),
    'prefilled quote field',
    problems,
  );
  if (price) {
    const isNumber = (field: Record<string, Json> | undefined) => kindOf(field) === 'number' || kindOf(field) === 'integer';
    if (!isNumber(settings.get(price.settings))) {
      problems.push({ file, path: '$.quotePrefill.price.settings', message: `"${price.settings}" must be a number field of this category's settings form` });
    }
    if (price.times && !isNumber(requestField(price.times))) {
      problems.push({
        file,
        path: '$.quotePrefill.price.times',
        message: `"${price.times.slice('details.'.length)}" must be a number field of the request form`,
      });
    }
  }
}

export function checkCategories(categories: Located<CategoryFile>[], problems: SchemaProblem[]) {
  for (const { value, file } of categories) {
    const expected = file.replace(/^categories\//, '').replace(/\.json$/, '');
    if (value.id !== expected) problems.push({ file, path: '$.id', message: `must equal the file name "${expected}"` });
  }
  const at = (p: string) => (c: Located<CategoryFile>) => ({ file: c.file, path: p });
  checkUnique(categories, (c) => String(c.value.vendorTypeId), at('$.vendorTypeId'), 'vendorTypeId', problems);
  for (const family of ['profile', 'quoteDetail', 'autoResponse'] as const) {
    checkUnique(categories, (c) => c.value.slugs[family], at(`$.slugs.${family}`), `${family} slug`, problems);
  }
}

export function checkRoutes(routes: Located<Route>[], problems: SchemaProblem[]) {
  const where = (r: Located<Route>) => ({ file: r.file, path: r.path });
  checkUnique(routes, (r) => r.value.name, where, 'route name', problems);
  checkUnique(routes, (r) => r.value.path.toLowerCase().replace(/:[^/]+/g, ':'), where, 'route path', problems);
  const names = new Set(routes.map((r) => r.value.name));
  for (const [key, name] of Object.entries(GUARD_ROUTES)) {
    if (!names.has(name)) problems.push({ file: 'routes.json', path: '$.routes', message: `the guard needs a route named "${name}" (${key})` });
  }
  const login = routes.find((r) => r.value.name === GUARD_ROUTES.login);
  if (login && login.value.path !== '/') problems.push({ file: login.file, path: `${login.path}.path`, message: 'the login route must be "/"' });
}

export function checkGuardRules(categories: Located<CategoryFile>[], routes: Route[], forms: Map<string, ConfigForm>, problems: SchemaProblem[]) {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const builtIn = new Set<string>(Object.values(BUILT_IN_RULES));
  const writable = new Set<string>();
  for (const form of forms.values()) for (const field of Object.keys(form.onSave?.set ?? {})) writable.add(field);
  for (const { value } of categories) for (const field of Object.keys(value.onboarding?.set ?? {})) writable.add(field);

  const withRules = categories.filter((c) => c.value.guardRule);
  checkUnique(
    withRules,
    (c) => c.value.guardRule!.id,
    (c) => ({ file: c.file, path: '$.guardRule.id' }),
    'guard rule id',
    problems,
  );
  for (const { value, file } of withRules) {
    const rule = value.guardRule!;
    if (builtIn.has(rule.id)) problems.push({ file, path: '$.guardRule.id', message: `"${rule.id}" is a built-in guard rule id` });
    const target = byName.get(rule.redirectTo);
    if (!target) {
      problems.push({ file, path: '$.guardRule.redirectTo', message: `no route is named "${rule.redirectTo}"` });
    } else if (target.path.includes(':') || !target.meta.requiresAuth) {
      problems.push({ file, path: '$.guardRule.redirectTo', message: `"${rule.redirectTo}" must be a route without params that requires login` });
    }
    const settingsFields = new Set(Object.keys((value.settings?.schema.properties as Record<string, Json> | undefined) ?? {}));
    const fields = 'allUnset' in rule.when ? rule.when.allUnset : rule.when.anySet;
    fields.forEach((field, i) => {
      if (!settingsFields.has(field) && !writable.has(field)) {
        problems.push({
          file,
          path: `$.guardRule.when.${'allUnset' in rule.when ? 'allUnset' : 'anySet'}[${i}]`,
          message: `guard field "${field}" is neither a field of this category's settings form nor set by any form's onSave or onboarding`,
        });
      }
    });
  }
}
