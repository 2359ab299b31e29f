import { useQuery } from '@tanstack/react-query';
import { savedFormResponseSchema, type SavedForm } from '../../../../../shared/contracts/form';
import { getEnvelope, type ReadOptions } from '../../api/get-data';
import { formKeys } from './form-keys';

/** GET /api/vendor/forms/:formId: what the vendor saved (`data`), and whether it still fits the schema. */
export function getSavedForm(formId: string, options?: ReadOptions): Promise<SavedForm> {
  return getEnvelope(savedFormResponseSchema, `/api/vendor/forms/${encodeURIComponent(formId)}`, options);
}

/** What the vendor saved in a form, with its state (`enabled: false`: not read, for a page that may not need it). */
export function useSavedForm(formId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: formKeys.saved(formId), queryFn: ({ signal }) => getSavedForm(formId, { signal }), enabled: options.enabled ?? true });
}
