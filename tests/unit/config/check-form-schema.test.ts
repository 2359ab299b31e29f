import { describe, expect, it, vi } from 'vitest';
import { checkFormSchema, createSchemaLinter } from '../../../server/config/schema-store/check-form-schema';

const form = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { price_per_head: { type: 'number', minimum: 1, ...extra } },
});

describe('checkFormSchema', () => {
  it('when a form was checked before (a later load, another linter), then it is not compiled again and the same problems come back', () => {
    const schema = form({ title: `Price ${Math.random()}` });
    const first = createSchemaLinter();
    const compiled = vi.spyOn(first.draft7, 'compile');
    expect(checkFormSchema(first, 'catering.json', '$.settings', schema, { wrong_field: {} })).toEqual([
      { file: 'catering.json', path: '$.settings.uiSchema.wrong_field', message: 'uiSchema names unknown field "wrong_field"' },
    ]);
    expect(compiled).toHaveBeenCalledTimes(1);

    const later = createSchemaLinter();
    const compiledLater = vi.spyOn(later.draft7, 'compile');
    const again = checkFormSchema(later, 'catering.json', '$.settings', schema, { wrong_field: {} });
    expect(compiledLater).not.toHaveBeenCalled();
    expect(again).toHaveLength(1);
    // What a caller does with the answer is its own: the next check is unchanged.
    again[0]!.message = 'changed';
    expect(checkFormSchema(later, 'catering.json', '$.settings', schema, { wrong_field: {} })[0]?.message).toBe('uiSchema names unknown field "wrong_field"');
  });

  it('when a checked form changes, then it is checked anew', () => {
    const linter = createSchemaLinter();
    const title = `Price ${Math.random()}`;
    expect(checkFormSchema(linter, 'catering.json', '$.settings', form({ title }), undefined)).toEqual([]);
    const problems = checkFormSchema(linter, 'catering.json', '$.settings', form({ title, unknownKeyword: true }), undefined);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'catering.json', path: '$.settings.schema' });
    expect(problems[0]?.message).toContain('unknownKeyword');
  });
});
