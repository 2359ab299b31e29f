import { describe, expect, it } from 'vitest';
import { createFormAjv } from '../../../shared/forms/form-ajv';
import { ajvErrorPath, describeAjvError, toFieldErrors, type AjvLikeError } from '../../../shared/forms/field-errors';

function error(keyword: string, params: Record<string, unknown> = {}, instancePath = '', message?: string): AjvLikeError {
  return { keyword, instancePath, params, ...(message !== undefined ? { message } : {}) };
}

/** The errors the server's own Ajv reports for `data` against `schema`. */
function ajvErrors(schema: object, data: unknown): AjvLikeError[] {
  const validate = createFormAjv().compile(schema);
  expect(validate(data)).toBe(false);
  return validate.errors ?? [];
}

describe('describeAjvError', () => {
  it.each([
    ['required', { missingProperty: 'city' }, 'This field is required'],
    ['minimum', { limit: 1, comparison: '>=' }, 'Must be at least 1'],
    ['maximum', { limit: 500, comparison: '<=' }, 'Must be at most 500'],
    ['exclusiveMinimum', { limit: 0, comparison: '>' }, 'Must be more than 0'],
    ['exclusiveMaximum', { limit: 100, comparison: '<' }, 'Must be less than 100'],
    ['minLength', { limit: 1 }, 'This field is required'],
    ['minLength', { limit: 20 }, 'Use at least 20 characters'],
    ['maxLength', { limit: 280 }, 'Use at most 280 characters'],
    ['minItems', { limit: 1 }, 'Choose at least one'],
    ['minItems', { limit: 3 }, 'Choose at least 3'],
    ['maxItems', { limit: 10 }, 'Choose at most 10'],
    ['uniqueItems', { i: 1, j: 0 }, 'Each choice can appear only once'],
    ['type', { type: 'integer' }, 'Enter a whole number'],
    ['type', { type: 'number' }, 'Enter a number'],
    ['type', { type: 'string' }, 'Enter text'],
    ['type', { type: 'boolean' }, 'Choose yes or no'],
    ['type', { type: 'array' }, 'Choose from the options'],
    ['type', { type: 'object' }, 'Fill in this section'],
    ['type', { type: 'null' }, 'Must be null'],
    ['enum', { allowedValues: ['Plated', 'Buffet'] }, 'Choose one of the options'],
    ['oneOf', { passingSchemas: null }, 'Choose one of the options'],
    ['const', { allowedValue: 2 }, 'Choose one of the options'],
    ['anyOf', {}, 'Fill in at least one of these fields'],
    ['pattern', { pattern: '^[0-9]+$' }, 'This does not look right'],
    ['format', { format: 'seed-url' }, 'Invalid URL'],
    ['format', { format: 'seed-email' }, 'Invalid email address'],
    ['format', { format: 'email' }, 'Invalid email address'],
    ['format', { format: 'date' }, 'Must be a valid date'],
    ['additionalProperties', { additionalProperty: 'nickname' }, 'Unknown field "nickname"'],
  ])('when the keyword is %s with %o, then the message is "%s"', (keyword, params, expected) => {
    expect(describeAjvError(error(keyword, params))).toBe(expected);
  });

  it("when the keyword has no wording of its own, then Ajv's message is used with a capital letter", () => {
    expect(describeAjvError(error('multipleOf', { multipleOf: 5 }, '', 'must be multiple of 5'))).toBe('Must be a multiple of 5');
  });

  it('when the keyword has no wording and Ajv gave no message, then it says "Invalid value"', () => {
    expect(describeAjvError(error('dependentRequired', {}))).toBe('Invalid value');
  });

  it('when a `not` rule fails and its schema has a description, then the description is the message', () => {
    expect(describeAjvError({ ...error('not'), schema: { description: 'Give at least one minimum price.' } })).toBe('Give at least one minimum price.');
  });

  it('when a `not` rule fails without a description, then a generic message is used', () => {
    expect(describeAjvError(error('not', {}, '', 'must NOT be valid'))).toBe('This combination is not allowed');
    expect(describeAjvError({ ...error('not'), schema: { description: 7 } })).toBe('This combination is not allowed');
  });

  it('when a limit is a decimal, then the message shows it as it is', () => {
    expect(describeAjvError(error('minimum', { limit: 0.5 }))).toBe('Must be at least 0.5');
  });
});

describe('ajvErrorPath', () => {
  it('when the error is on the root object, then the path is empty', () => {
    expect(ajvErrorPath(error('anyOf'))).toBe('');
  });

  it('when the error is on a top-level field, then the path is its name', () => {
    expect(ajvErrorPath(error('minimum', { limit: 1 }, '/catering_head_count'))).toBe('catering_head_count');
  });

  it('when the error is inside an array of objects, then the path is dotted with the index', () => {
    expect(ajvErrorPath(error('minimum', { limit: 1 }, '/packages/0/price'))).toBe('packages.0.price');
  });

  it('when a top-level field is required, then the path names the missing field', () => {
    expect(ajvErrorPath(error('required', { missingProperty: 'city' }))).toBe('city');
  });

  it('when a nested field is required, then the path is the object path plus the missing field', () => {
    expect(ajvErrorPath(error('required', { missingProperty: 'price' }, '/packages/1'))).toBe('packages.1.price');
  });

  it('when a field is not allowed, then the path names the extra field', () => {
    expect(ajvErrorPath(error('additionalProperties', { additionalProperty: 'nickname' }))).toBe('nickname');
    expect(ajvErrorPath(error('additionalProperties', { additionalProperty: 'extra' }, '/packages/0'))).toBe('packages.0.extra');
  });

  it('when a key holds an escaped "/" or "~", then the path shows the key as written', () => {
    expect(ajvErrorPath(error('type', { type: 'number' }, '/prices/a~1b/c~0d'))).toBe('prices.a/b.c~d');
    expect(ajvErrorPath(error('type', { type: 'number' }, '/x~01'))).toBe('x~1');
  });

  it('when a required error has no missingProperty, then the path is the object path alone', () => {
    expect(ajvErrorPath(error('required', {}, '/packages/0'))).toBe('packages.0');
  });
});

describe('toFieldErrors', () => {
  it('when there are no errors, then the list is empty', () => {
    expect(toFieldErrors([])).toEqual([]);
  });

  it('when a field has several errors, then only the first is reported for it', () => {
    const errors = toFieldErrors([
      error('type', { type: 'integer' }, '/guests'),
      error('minimum', { limit: 1 }, '/guests'),
      error('maxLength', { limit: 10 }, '/city'),
    ]);

    expect(errors).toEqual([
      { path: 'guests', message: 'Enter a whole number' },
      { path: 'city', message: 'Use at most 10 characters' },
    ]);
  });

  it('when an "if" error comes with its "then" errors, then the "if" summary is left out', () => {
    const errors = ajvErrors(
      {
        type: 'object',
        properties: { trial_available: { type: 'boolean' }, trial_price: { type: 'number' } },
        if: { properties: { trial_available: { const: true } }, required: ['trial_available'] },
        then: { required: ['trial_price'] },
      },
      { trial_available: true },
    );

    expect(errors.map((e) => e.keyword)).toContain('if');
    expect(toFieldErrors(errors)).toEqual([{ path: 'trial_price', message: 'This field is required' }]);
  });

  it("when the form's Ajv rejects data, then each wrong field is named once in Ajv's order", () => {
    const schema = {
      type: 'object',
      required: ['business_name', 'vendor_type_ids'],
      properties: {
        business_name: { type: 'string', minLength: 2 },
        vendor_type_ids: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'integer', oneOf: [{ const: 1 }, { const: 2 }] } },
        website: { type: 'string', format: 'seed-url' },
        contact_phone: { type: 'string', pattern: '^\\+?[0-9 ()-]{7,20}$' },
      },
    };

    const errors = toFieldErrors(ajvErrors(schema, { vendor_type_ids: [2, 2, 99], website: 'ftp://x', contact_phone: 'abc' }));

    expect(errors).toEqual([
      { path: 'business_name', message: 'This field is required' },
      { path: 'vendor_type_ids.2', message: 'Choose one of the options' },
      { path: 'vendor_type_ids', message: 'Each choice can appear only once' },
      { path: 'website', message: 'Invalid URL' },
      { path: 'contact_phone', message: 'This does not look right' },
    ]);
  });

  it('when an anyOf of required fields fails, then each branch field and the form itself are named', () => {
    const schema = {
      type: 'object',
      anyOf: [{ required: ['hair'] }, { required: ['makeup'] }],
      properties: { hair: { type: 'number' }, makeup: { type: 'number' } },
    };

    const errors = toFieldErrors(ajvErrors(schema, {}));

    expect(errors).toContainEqual({ path: '', message: 'Fill in at least one of these fields' });
    expect(errors.map((e) => e.path).sort()).toEqual(['', 'hair', 'makeup']);
  });

  it("when the form's Ajv rejects a described `not` rule, then the form itself gets the description", () => {
    const schema = {
      type: 'object',
      properties: { hair: { type: 'number' }, makeup: { type: 'number' } },
      not: { description: 'Give at least one price.', properties: { hair: false, makeup: false } },
    };

    expect(toFieldErrors(ajvErrors(schema, { other: 1 }))).toEqual([{ path: '', message: 'Give at least one price.' }]);
  });

  it('when additional properties are forbidden, then each unknown field is named by its own path', () => {
    const schema = { type: 'object', additionalProperties: false, properties: { name: { type: 'string' } } };

    expect(toFieldErrors(ajvErrors(schema, { name: 'x', nickname: 'y', age: 3 }))).toEqual([
      { path: 'nickname', message: 'Unknown field "nickname"' },
      { path: 'age', message: 'Unknown field "age"' },
    ]);
  });

  it('when nested required fields are missing in two array items, then each item field is its own entry', () => {
    const schema = {
      type: 'object',
      properties: {
        packages: {
          type: 'array',
          items: { type: 'object', required: ['name', 'price'], properties: { name: { type: 'string' }, price: { type: 'number' } } },
        },
      },
    };

    expect(toFieldErrors(ajvErrors(schema, { packages: [{ name: 'Day' }, {}] }))).toEqual([
      { path: 'packages.0.price', message: 'This field is required' },
      { path: 'packages.1.name', message: 'This field is required' },
      { path: 'packages.1.price', message: 'This field is required' },
    ]);
  });
});
