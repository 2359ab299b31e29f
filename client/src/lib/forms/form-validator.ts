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

/** Rewords RJSF's errors exactly as the server does, so a field says the same thing either way. */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => ({
    ...error,
    message: describeAjvError({ keyword: error.name ?? '', instancePath: '', message: error.message, params: (error.params ?? {}) as Record<string, unknown> }),
  }));
}
