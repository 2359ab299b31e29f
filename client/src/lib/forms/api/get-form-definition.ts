import { useQuery } from '@tanstack/react-query';
import { formPayloadSchema } from '../../../../../shared/contracts/form';
import { getJson, type ReadOptions } from '../../api/get-data';
import { formKeys } from './form-keys';

/** GET /api/config/forms/:formId: the schema and uiSchema to render, and its validator's URL. */
export function getFormDefinition(formId: string, options?: ReadOptions) {
  return getJson(formPayloadSchema, `/api/config/forms/${encodeURIComponent(formId)}`, options);
}

/** The form's definition. */
export function useFormDefinition(formId: string) {
  return useQuery({ queryKey: formKeys.definition(formId), queryFn: ({ signal }) => getFormDefinition(formId, { signal }) });
}
