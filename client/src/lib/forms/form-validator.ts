import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describeAjvError, isReportable, schemaAt } from '../../../../shared/forms/field-errors';

type FormData = Record<string, unknown>;

/**
 * The form's validator, precompiled by the server from the very Ajv it validates with and
 * imported from this origin: no `unsafe-eval` needed, and both sides give the same answers.
 */
export async function loadFormValidator(url: string, schema: RJSFSchema): Promise<ValidatorType<FormData>> {
  const module = (await import(/* @vite-ignore */ url)) as { default: ValidatorFunctions };
  return createPrecompiledValidator<FormData>(module.default, schema);
}

/**
 * Rewords RJSF's errors exactly as the server does (and drops the ones it drops), so a field says
 * the same thing either way.
 * `schema` is the form's root schema, where keywords worded by their own description live.
 */
export function createTransformErrors(schema: RJSFSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.flatMap((error) => {
      const ajvError = {
        keyword: error.name ?? '',
        instancePath: '',
        message: error.message,
        params: (error.params ?? {}) as Record<string, unknown>,
        schema: error.schemaPath ? schemaAt(schema, error.schemaPath) : undefined,
        schemaPath: error.schemaPath,
      };
      return isReportable(ajvError) ? [{ ...error, message: describeAjvError(ajvError, schema) }] : [];
    });
}
