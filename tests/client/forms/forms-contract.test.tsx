import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchemaUtils, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../client/src/lib/forms/schema-form';
import { createTransformErrors } from '../../../client/src/lib/forms/form-validator';
import { mergeAllOfForDrawing } from '../../../client/src/lib/forms/merge-all-of';
import { buildValidatorModule } from '../../../server/config/form-validator-module';
import { createFormValidator } from '../../../server/forms/form-validator';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import type { FormPayload } from '../../../shared/contracts/form';
import { badSamples, goodValue, type FieldSchema, type FormData } from './sample-data';

// happy-dom's URL is not Node's, so the path is resolved from the module's file name.
const SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas');
const SUBMIT = 'Save these settings';

const snapshot = await loadSnapshot(SCHEMAS);
const forms: FormPayload[] = [...snapshot.config.forms.values()].map((form) => form.payload);
const server = createFormValidator();

// The browser imports the server's module from a URL; a data: URL is the same import without a server.
const validators = new Map<string, Promise<ValidatorType<FormData>>>();
function clientValidator(form: FormPayload): Promise<ValidatorType<FormData>> {
  let validator = validators.get(form.id);
  if (!validator) {
    const schema = form.schema as RJSFSchema;
    validator = buildValidatorModule(schema).then(async (code) => {
      const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
      const module = (await import(/* @vite-ignore */ url)) as { default: ValidatorFunctions };
      return createPrecompiledValidator<FormData>(module.default, schema);
    });
    validators.set(form.id, validator);
  }
  return validator;
}

function topLevel(path: string): string {
  return path.split('.')[0] ?? '';
}

/** What each side says about some data: the first message per dotted path, as the vendor would see it. */
function verdicts(form: FormPayload, validator: ValidatorType<FormData>, data: FormData) {
  const serverErrors = new Map<string, string>();
  for (const error of server.validate(form.schema, data)) serverErrors.set(error.path, error.message);
  const clientErrors = new Map<string, string>();
  const { errors } = validator.validateFormData(
    data,
    form.schema as RJSFSchema,
    undefined,
    createTransformErrors(form.schema as RJSFSchema),
    form.uiSchema as UiSchema<FormData>,
  );
  for (const error of errors) {
    const path = (error.property ?? '').replace(/^\./, '');
    if (!clientErrors.has(path)) clientErrors.set(path, error.message ?? '');
  }
  return { server: serverErrors, client: clientErrors };
}

function renderForm(form: FormPayload, validator: ValidatorType<FormData>, onSubmit: (data: FormData) => void = () => {}) {
  return render(
    <SchemaForm
      id={form.id}
      schema={form.schema as RJSFSchema}
      uiSchema={form.uiSchema as UiSchema<FormData>}
      validator={validator}
      formData={{}}
      submitLabel={SUBMIT}
      onChange={() => {}}
      onSubmit={onSubmit}
    />,
  );
}

/**
 * The label a vendor reads for a field: a `<label for>` pointing at its control (or at the title of
 * a list of items), or a `<label>` around its control (a checkbox).
 */
function labelOf(container: HTMLElement, id: string): string | null {
  for (const target of [id, `${id}__title`]) {
    const pointing = container.querySelector(`label[for="${CSS.escape(target)}"]`);
    if (pointing) return pointing.textContent;
  }
  // A list is a group named by its legend.
  const legend = container.querySelector(`fieldset[id="${CSS.escape(id)}"] > legend`);
  if (legend) return legend.textContent;
  return container.querySelector(`[id="${CSS.escape(id)}"]`)?.closest('label')?.textContent ?? null;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the forms in schemas/', () => {
  it('when the folder is loaded, then every form file and every category form is there', async () => {
    const files = await readdir(path.join(SCHEMAS, 'forms'));
    for (const file of files.filter((name) => name.endsWith('.json'))) {
      const { id } = JSON.parse(await readFile(path.join(SCHEMAS, 'forms', file), 'utf8')) as { id: string };
      expect(snapshot.config.forms.has(id), `forms/${file}`).toBe(true);
    }
    for (const category of snapshot.config.categoryFiles) {
      const own = [...snapshot.config.forms.values()].filter((form) => form.category === category.id);
      expect(own.length, `categories/${category.id}.json`).toBeGreaterThanOrEqual(category.settings ? 2 : 1);
    }
    expect(forms.length).toBeGreaterThanOrEqual(files.length + snapshot.config.categoryFiles.length);
  });
});

describe.each(forms.map((form) => [form.id, form] as const))('form %s', (_id, form) => {
  const schema = form.schema as FieldSchema;
  const properties = Object.entries(schema.properties ?? {});
  let validator: ValidatorType<FormData>;
  beforeAll(async () => {
    validator = await clientValidator(form);
  });

  it('when rendered empty, then every field is labelled with its title, nothing else asks for input, and the submit button says what was asked', () => {
    const consoleError = vi.spyOn(console, 'error');
    const { container } = renderForm(form, validator);

    // Fields the form's own rules rule out for its starting answers (a fee while the service is off) are not drawn.
    const utils = createSchemaUtils<FormData>(validator, form.schema as RJSFSchema, undefined, mergeAllOfForDrawing);
    const drawn = utils.retrieveSchema(form.schema as RJSFSchema, utils.getDefaultFormState(form.schema as RJSFSchema, {}) as FormData).properties ?? {};
    const ruledOut = properties.filter(([name]) => drawn[name] === false).map(([name]) => name);
    for (const name of ruledOut) expect(container.querySelector(`[id="${CSS.escape(`${form.id}_${name}`)}"]`), name).toBeNull();
    const labelled = properties
      .filter(([name]) => !ruledOut.includes(name))
      .map(([name, property]) => ({ name, expected: property.title, label: labelOf(container, `${form.id}_${name}`) }));
    expect(labelled.filter((field) => field.label !== field.expected)).toEqual([]);

    // Every input the vendor can reach belongs to a field of the schema (no stray anyOf/oneOf pickers).
    const fieldIds = properties.map(([name]) => `${form.id}_${name}`);
    const stray = [...container.querySelectorAll('input, select, textarea, [role="combobox"]')]
      .filter((control) => control.id && !fieldIds.some((id) => control.id === id || control.id.startsWith(`${id}_`) || control.id.startsWith(`${id}-`)))
      .map((control) => ({ id: control.id, text: control.closest('[title]')?.getAttribute('title') ?? control.textContent }));
    expect(stray).toEqual([]);

    expect(screen.getByRole('button', { name: SUBMIT })).toBeTruthy();
    expect(consoleError.mock.calls.map((call) => call.map(String).join(' '))).toEqual([]);
  });

  const good = goodValue(schema) as FormData;
  it('when given the smallest valid data, then client and server both accept it', () => {
    const { server: serverErrors, client: clientErrors } = verdicts(form, validator, good);
    expect({ good, server: [...serverErrors], client: [...clientErrors] }).toEqual({ good, server: [], client: [] });
  });

  it.each(badSamples(schema, good).map((sample) => [sample.name, sample.data] as const))(
    'when %s, then client and server reject the same fields with the same messages',
    (_name, data) => {
      const { server: serverErrors, client: clientErrors } = verdicts(form, validator, data);
      expect(serverErrors.size, 'the server accepted it').toBeGreaterThan(0);
      expect(clientErrors.size, 'the client accepted it').toBeGreaterThan(0);

      const serverFields = [...new Set([...serverErrors.keys()].map(topLevel))].sort();
      const clientFields = [...new Set([...clientErrors.keys()].map(topLevel))].sort();
      expect(clientFields).toEqual(serverFields);

      const [firstPath, firstMessage] = [...serverErrors][0]!;
      expect({ path: firstPath, message: clientErrors.get(firstPath) }).toEqual({ path: firstPath, message: firstMessage });
      expect(Object.fromEntries(clientErrors)).toEqual(Object.fromEntries(serverErrors));
    },
  );
});

describe.each([
  ['new-user-step-1', { business_name: 'This field is required', vendor_type_ids: 'Choose at least one', city: 'This field is required' }],
  ['update-catering-settings', { price_per_head: 'This field is required', service_styles: 'Choose at least one' }],
] as const)('submitting %s empty', (id, expected) => {
  it('when nothing is filled in, then the required fields say why under each field and nothing is submitted', async () => {
    const form = snapshot.config.forms.get(id)?.payload;
    expect(form, id).toBeDefined();
    const validator = await clientValidator(form!);
    const onSubmit = vi.fn();
    const { container } = renderForm(form!, validator, onSubmit);

    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));

    for (const [field, message] of Object.entries(expected)) {
      const errors = await screen.findByText(message, { selector: `[id="${id}_${field}__error"] *` });
      expect(errors.textContent, field).toBe(message);
    }
    expect(container.textContent).not.toMatch(/must have required property|must NOT have fewer/);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
