import type { ValidateFunction } from 'ajv';
import type { FieldError } from '../../shared/contracts/problem';
import { toFieldErrors } from '../../shared/forms/field-errors';
import { createFormAjv } from '../../shared/forms/form-ajv';

/** Validates submitted form data with the Ajv the client's precompiled validators come from. */
export interface FormValidator {
  validate(schema: object, data: unknown): FieldError[];
}

/**
 * One Ajv instance; each schema object is compiled once and cached for as long as it lives
 * (a schema reload brings new objects, so the old compilations go with the old snapshot).
 */
export function createFormValidator(): FormValidator {
  const ajv = createFormAjv();
  const compiled = new WeakMap<object, ValidateFunction>();
  return {
    validate(schema, data) {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(schema);
        compiled.set(schema, validate);
      }
      return validate(data) ? [] : toFieldErrors(validate.errors ?? [], schema);
    },
  };
}
