import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addFormVocabulary } from '../../../shared/forms/form-ajv';
import type { Json } from '../../../shared/contracts/json';
import type { SchemaProblem } from './schema-problem';

/** Strict Ajv instances used only to lint form schemas (meta-schema, unknown keywords, formats). */
export interface SchemaLinter {
  draft7: Ajv;
  draft2020: Ajv2020;
}

/** Creates the linters; one per load so schemas of a replaced config are not kept alive. */
export function createSchemaLinter(): SchemaLinter {
  // strictRequired off: it rejects the standard `anyOf: [{ required: [...] }]` "at least one of" pattern;
  // $data as the forms' own Ajv has it (a limit taken from another field).
  const options = { strict: true, strictRequired: false, allErrors: true, validateFormats: true, $data: true } as const;
  // The formats and keyword RJSF's validator knows, plus the seed's own.
  return { draft7: addFormVocabulary(new Ajv(options)), draft2020: addFormVocabulary(new Ajv2020(options)) };
}

function is2020(schema: Record<string, Json>): boolean {
  return typeof schema.$schema === 'string' && schema.$schema.includes('2020-12');
}

function pointerToPath(base: string, pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, key) => (/^\d+$/.test(key) ? `${out}[${key}]` : `${out}.${key}`), base);
}

function describe(errors: ErrorObject[] | null | undefined): { pointer: string; message: string }[] {
  return (errors ?? []).map((e) => ({
    pointer: e.instancePath,
    message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
  }));
}

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** uiSchema keys that name no field of the schema (RJSF would silently ignore them). */
function checkUiSchema(schema: Json | undefined, uiSchema: Json | undefined, at: string, problems: { path: string; message: string }[]) {
  if (!isObject(uiSchema) || !isObject(schema)) return;
  const properties = isObject(schema.properties) ? schema.properties : null;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:')) {
      if (key === 'ui:order' && properties && Array.isArray(value)) {
        value.forEach((name, i) => {
          if (name !== '*' && (typeof name !== 'string' || !(name in properties))) {
            problems.push({ path: `${at}["ui:order"][${i}]`, message: `names unknown field ${JSON.stringify(name)}` });
          }
        });
      }
      continue;
    }
    if (key === 'items' && schema.type === 'array') {
      checkUiSchema(schema.items, value, `${at}.items`, problems);
    } else if (properties && key in properties) {
      checkUiSchema(properties[key], value, `${at}.${key}`, problems);
    } else {
      problems.push({ path: `${at}.${key}`, message: `uiSchema names unknown field "${key}"` });
    }
  }
}

/**
 * What a form's check found, by its inputs: a check is a pure function of the form's text and
 * where it sits, and compiling a schema in strict mode is most of a load's time. A hot reload
 * that changed one file checks that file's forms again, not all of them. Bounded: the oldest
 * results leave first.
 */
const checked = new Map<string, SchemaProblem[]>();
const CHECKED_KEPT = 1_000;

/**
 * Checks a form's JSON schema against its meta-schema, compiles it in strict mode (unknown
 * keywords and formats are errors), and checks that its uiSchema names only real fields.
 * `base` is the JSON path of the form inside its file, e.g. `$.settings`.
 */
export function checkFormSchema(
  linter: SchemaLinter,
  file: string,
  base: string,
  schema: Record<string, Json>,
  uiSchema: Record<string, Json> | undefined,
): SchemaProblem[] {
  const key = JSON.stringify([file, base, schema, uiSchema ?? null]);
  let problems = checked.get(key);
  if (!problems) {
    problems = checkFormSchemaNow(linter, file, base, schema, uiSchema);
    checked.set(key, problems);
    if (checked.size > CHECKED_KEPT) checked.delete(checked.keys().next().value as string);
  }
  return problems.map((problem) => ({ ...problem }));
}

function checkFormSchemaNow(
  linter: SchemaLinter,
  file: string,
  base: string,
  schema: Record<string, Json>,
  uiSchema: Record<string, Json> | undefined,
): SchemaProblem[] {
  const ajv = is2020(schema) ? linter.draft2020 : linter.draft7;
  const found: { path: string; message: string }[] = [];
  if (!ajv.validateSchema(schema)) {
    for (const e of describe(ajv.errors)) found.push({ path: pointerToPath(`${base}.schema`, e.pointer), message: `not a valid JSON Schema: ${e.message}` });
  } else {
    try {
      ajv.compile(schema);
    } catch (error) {
      found.push({ path: `${base}.schema`, message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (schema.type !== 'object' || !isObject(schema.properties)) {
    found.push({ path: `${base}.schema`, message: 'a form schema must be "type": "object" with "properties"' });
  }
  checkUiSchema(schema, uiSchema, `${base}.uiSchema`, found);
  return found.map((p) => ({ file, ...p }));
}
