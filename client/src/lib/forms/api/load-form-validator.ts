import type { RJSFSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import type { FormPayload } from '../../../../../shared/contracts/form';
import { loadFormValidator } from '../form-validator';
import { formKeys } from './form-keys';

/**
 * The precompiled validator module of a loaded definition (`GET <definition.validator>`). Its URL
 * changes whenever the schema does, so a loaded module never goes stale.
 */
export function useFormValidator(definition: FormPayload | undefined) {
  const url = definition?.validator ?? '';
  return useQuery({
    queryKey: formKeys.validator(url),
    queryFn: () => {
      if (!definition?.validator) throw new Error('This form has no validator');
      return loadFormValidator(definition.validator, definition.schema as RJSFSchema);
    },
    enabled: definition !== undefined,
    staleTime: Infinity,
    // A validator is a module of functions, not JSON: nothing to share structurally.
    structuralSharing: false,
  });
}
