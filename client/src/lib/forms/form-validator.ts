import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describeAjvError } from '../../../../shared/forms/field-errors';

type FormData = Record<string, unknown>;

/**
 * The form's validator, precompiled by the server from the very Ajv it validates with and
 * imported from this origin: no `unsafe-eval` needed, and both sides give the same answers.
 */
export async function loadFormValidator(url: string, schema: RJSFSchema): Promise<ValidatorType<FormData>> {
  const module = (await import(/* @vite-ignore */ url)) as { default: ValidatorFunctions };
  return createPrecompiledValidator<FormData>(module.default, schema);
}

/** The schema value at a JSON pointer like `#/not` (Ajv's schemaPath), or undefined. */
function atPointer(root: unknown, pointer: string | undefined): unknown {
  if (!pointer?.startsWith('#')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
}

/**
 * Rewords RJSF's errors exactly as the server does, so a field says the same thing either way.
 * `schema` is the form's root schema, where keywords worded by their own description live.
 */
export function createTransformErrors(schema: RJSFSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => ({
      ...error,
      message: describeAjvError({
        keyword: error.name ?? '',
        instancePath: '',
        message: error.message,
        params: (error.params ?? {}) as Record<string, unknown>,
        schema: atPointer(schema, error.schemaPath),
      }),
    }));
}
