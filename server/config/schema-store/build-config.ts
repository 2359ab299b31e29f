import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { appConfigSchema, type AppConfig } from '../../../shared/contracts/app-config';
import { autoResponseTemplateSchema } from '../../../shared/contracts/auto-response';
import { categoryFileSchema, type Category, type CategoryFile } from '../../../shared/contracts/category';
import { formBodySchema, formFileSchema, type FormBody, type FormPayload, type OnSave } from '../../../shared/contracts/form';
import type { GuardRule } from '../../../shared/contracts/guard-rule';
import type { Json } from '../../../shared/contracts/json';
import { plansFileSchema, type PlansFile } from '../../../shared/contracts/plans';
import { routesFileSchema, type Route } from '../../../shared/contracts/route';
import { collectGuardRules } from '../../../shared/guard/collect-guard-rules';
import { categoryRouteNames, categoryRoutes } from '../../../shared/routes/category-routes';
import {
  checkCategories,
  checkGuardRules,
  checkHighlights,
  checkMatchingFacts,
  checkPriceLine,
  checkQuotePrefill,
  checkRoutes,
  checkUnique,
  type Located,
} from './check-config';
import { checkFormSchema, createSchemaLinter, type SchemaLinter } from './check-form-schema';
import { quoteFormId, requestFormId } from './form-ids';
import type { JsonFile, RawSchemaFiles } from './read-schema-files';
import { jsonPath, type SchemaProblem } from './schema-problem';

export { quoteFormId, requestFormId } from './form-ids';

/** A form ready to serve, plus what saving it writes besides its own fields (for the forms API). */
export interface ConfigForm {
  payload: FormPayload;
  onSave: OnSave | null;
  /** The category a generated form belongs to. */
  category: string | null;
}

/** The validated, assembled configuration of one load of the schema folder. */
export interface SchemaConfig {
  app: AppConfig;
  routes: Route[];
  categories: Category[];
  categoryFiles: CategoryFile[];
  forms: Map<string, ConfigForm>;
  guardRules: GuardRule[];
  plans: PlansFile;
}

function parse<T extends z.ZodType>(schema: T, file: JsonFile, problems: SchemaProblem[]): z.infer<T> | null {
  const result = schema.safeParse(file.json);
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.push({ file: file.file, path: jsonPath(issue.path), message: issue.message });
  return null;
}

function fillTemplate(value: Json, label: string): Json {
  if (typeof value === 'string') return value.replaceAll('{{label}}', label);
  if (Array.isArray(value)) return value.map((v) => fillTemplate(v, label));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplate(v, label)]));
  }
  return value;
}

function vendorTypeOptions(categories: CategoryFile[]): Json {
  return [...categories].sort((a, b) => a.vendorTypeId - b.vendorTypeId).map((c) => ({ const: c.vendorTypeId, title: c.label }));
}

/** Fills the option lists a form declares in `dataSources` (the schema is copied, not mutated). */
function withDataSources(form: FormBody, categories: CategoryFile[], file: string, base: string, problems: SchemaProblem[]) {
  const schema = structuredClone(form.schema) as Record<string, Json>;
  for (const [field, source] of Object.entries(form.dataSources ?? {})) {
    const properties = schema.properties as Record<string, Record<string, Json>> | undefined;
    const property = properties?.[field];
    if (!property || property.type !== 'array' || typeof property.items !== 'object') {
      problems.push({ file, path: `${base}.dataSources.${field}`, message: `"${field}" must be an array property with "items"` });
      continue;
    }
    if (source === 'vendorTypes') property.items = { ...(property.items as Record<string, Json>), oneOf: vendorTypeOptions(categories) };
  }
  return schema;
}

function toPayload(id: string, form: FormBody, schema: Record<string, Json>): FormPayload {
  const schemaHash = createHash('sha256').update(JSON.stringify(schema)).digest('base64url').slice(0, 16);
  return {
    id,
    version: form.version,
    ...(form.title ? { title: form.title } : {}),
    ...(form.description ? { description: form.description } : {}),
    ...(form.savedMessage ? { savedMessage: form.savedMessage } : {}),
    schema,
    uiSchema: form.uiSchema,
    validator: `/api/config/forms/${encodeURIComponent(id)}/validator.js?v=${schemaHash}`,
  };
}

/** The auto-response form with its starting-price field titled as the category prices ("Starting price per slice (USD)"). */
function withPriceTitle(form: FormBody, title: string | undefined): FormBody {
  const properties = form.schema.properties as Record<string, Record<string, Json>> | undefined;
  const field = properties?.starting_price;
  if (!title || !field) return form;
  return { ...form, schema: { ...form.schema, properties: { ...properties, starting_price: { ...field, title } } } };
}

function summarize(category: CategoryFile, defaultPriceLine: string): Category {
  const names = categoryRouteNames(category);
  return {
    id: category.id,
    label: category.label,
    ...(category.description ? { description: category.description } : {}),
    serviceName: category.serviceName ?? category.label.toLowerCase(),
    priceLine: category.autoResponse?.priceLine ?? defaultPriceLine,
    vendorTypeId: category.vendorTypeId,
    slugs: category.slugs,
    routes: names,
    forms: {
      ...(names.settings ? { settings: names.settings } : {}),
      autoResponse: names.autoResponse,
      request: requestFormId(category.id),
      quote: quoteFormId(category.id),
    },
    ...(category.guardRule ? { guardRule: category.guardRule } : {}),
    leadCost: category.leadCost,
    ...(category.quotePrefill ? { quotePrefill: category.quotePrefill } : {}),
  };
}

/**
 * Validates the parsed schema files (zod contracts, JSON Schema meta-validation, cross-file
 * rules) and assembles the served configuration. Returns every problem found, or the config.
 */
export function buildConfig(raw: RawSchemaFiles, linter: SchemaLinter = createSchemaLinter()): { config: SchemaConfig | null; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = [];
  const appFile = raw.app && parse(appConfigSchema, raw.app, problems);
  const routesFile = raw.routes && parse(routesFileSchema, raw.routes, problems);
  const template = raw.autoResponseTemplate && parse(autoResponseTemplateSchema, raw.autoResponseTemplate, problems);
  const requestTemplate = raw.requestTemplate && parse(formBodySchema, raw.requestTemplate, problems);
  const quoteTemplate = raw.quoteTemplate && parse(formBodySchema, raw.quoteTemplate, problems);
  const plansFile = raw.plans && parse(plansFileSchema, raw.plans, problems);
  const categories = raw.categories.flatMap((file) => {
    const value = parse(categoryFileSchema, file, problems);
    return value ? [{ value, file: file.file, path: '$' }] : [];
  });
  const formFiles = raw.forms.flatMap((file) => {
    const value = parse(formFileSchema, file, problems);
    return value ? [{ value, file: file.file, path: '$' }] : [];
  });
  if (raw.categories.length === 0) problems.push({ file: 'categories/', path: '$', message: 'at least one category file is needed' });
  if (!appFile || !routesFile || !template || !requestTemplate || !quoteTemplate || !plansFile || problems.length > 0) return { config: null, problems };

  checkCategories(categories, problems);
  const categoryFiles = categories.map((c) => c.value).sort((a, b) => a.vendorTypeId - b.vendorTypeId);

  const routes: Located<Route>[] = [
    ...routesFile.routes.map((r, i) => ({ value: { ...r, page: r.page ?? r.name } as Route, file: 'routes.json', path: `$.routes[${i}]` })),
    ...categories.flatMap((c) => categoryRoutes(c.value).map((value) => ({ value, file: c.file, path: '$' }))),
  ];
  checkRoutes(routes, problems);

  const forms = new Map<string, ConfigForm>();
  const formSources: Located<string>[] = [];
  const addForm = (id: string, body: FormBody, category: string | null, file: string, base: string) => {
    problems.push(...checkFormSchema(linter, file, base, body.schema, body.uiSchema));
    const schema = withDataSources(body, categoryFiles, file, base, problems);
    forms.set(id, { payload: toPayload(id, body, schema), onSave: body.onSave ?? null, category });
    formSources.push({ value: id, file, path: base });
  };
  const { priceLine: defaultPriceLine, ...templateForm } = template;
  const categoryIds = new Set(categories.map((c) => c.value.id));
  for (const { value, file } of formFiles) {
    const { id, $schema: _, category, ...body } = value;
    if (category && !categoryIds.has(category)) problems.push({ file, path: '$.category', message: `no category "${category}"` });
    addForm(id, body, category ?? null, file, '$');
  }
  for (const { value: category, file } of categories) {
    const names = categoryRouteNames(category);
    if (category.settings && names.settings) addForm(names.settings, category.settings, category.id, file, '$.settings');
    const own = category.autoResponse;
    const autoResponse: FormBody = {
      ...(fillTemplate(templateForm as unknown as Json, category.label) as unknown as FormBody),
      ...(own?.schema ? { schema: own.schema } : {}),
      ...(own?.uiSchema ? { uiSchema: own.uiSchema } : {}),
      ...(own?.onSave ? { onSave: own.onSave } : {}),
    };
    // A file that words only the price line still has the template's form: its problems are the template's.
    const ownForm = Boolean(own?.schema ?? own?.uiSchema);
    addForm(
      names.autoResponse,
      withPriceTitle(autoResponse, own?.priceTitle),
      category.id,
      ownForm ? file : 'templates/auto-response.json',
      ownForm ? '$.autoResponse' : '$',
    );
    // The customer's questions and the vendor's answer: the file's own, or the templates.
    const request = category.request ?? (fillTemplate(requestTemplate as unknown as Json, category.label) as unknown as FormBody);
    addForm(requestFormId(category.id), request, category.id, category.request ? file : 'templates/request.json', category.request ? '$.request' : '$');
    const quote = category.quote ?? (fillTemplate(quoteTemplate as unknown as Json, category.label) as unknown as FormBody);
    addForm(quoteFormId(category.id), quote, category.id, category.quote ? file : 'templates/quote.json', category.quote ? '$.quote' : '$');
    checkMatchingFacts(category, file, forms, problems);
    checkHighlights(category, file, forms, problems);
    checkQuotePrefill(category, file, forms, problems);
    checkPriceLine(category, file, forms, problems);
  }
  checkUnique(
    formSources,
    (f) => f.value,
    (f) => ({ file: f.file, path: `${f.path}.id` }),
    'form id',
    problems,
  );
  const routeNames = new Set(routes.map((r) => r.value.name));
  for (const { value, file } of formFiles) {
    if (!routeNames.has(value.id))
      problems.push({ file, path: '$.id', message: `no route is named "${value.id}": a form's id is the route name of its screen` });
  }

  const byName = new Map(routes.map((r) => [r.value.name, r.value]));
  appFile.menu.forEach((group, g) =>
    group.items.forEach((item, i) => {
      const route = byName.get(item.route);
      const at = { file: 'app.json', path: `$.menu[${g}].items[${i}].route` };
      if (!route) problems.push({ ...at, message: `no route is named "${item.route}"` });
      else if (route.path.includes(':')) problems.push({ ...at, message: `"${item.route}" has params, so a menu entry cannot open it` });
    }),
  );
  for (const { value, file, path } of routes) {
    if (value.formId && !forms.has(value.formId)) problems.push({ file, path: `${path}.formId`, message: `no form has the id "${value.formId}"` });
  }

  const allRoutes = routes.map((r) => r.value);
  checkGuardRules(categories, allRoutes, forms, problems);
  if (problems.length > 0) return { config: null, problems };

  const { $schema: _schema, ...app } = appFile;
  const { $schema: _plansSchema, ...plans } = plansFile;
  return {
    config: {
      app,
      routes: allRoutes,
      categories: categoryFiles.map((category) => summarize(category, defaultPriceLine)),
      categoryFiles,
      forms,
      guardRules: collectGuardRules(categoryFiles),
      plans,
    },
    problems,
  };
}
