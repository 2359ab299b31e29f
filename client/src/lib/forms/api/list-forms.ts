import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { formListEntrySchema, type FormListEntry } from '../../../../../shared/contracts/form';
import { getData, type ReadOptions } from '../../api/get-data';
import { formKeys } from './form-keys';

const formListSchema = z.array(formListEntrySchema);

/** GET /api/vendor/forms: every form that applies to the vendor, with its state. */
export function listForms(options?: ReadOptions): Promise<FormListEntry[]> {
  return getData(formListSchema, '/api/vendor/forms', options);
}

/** The vendor's forms; `enabled` false holds the first load back until the caller needs it. */
export function useFormList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: formKeys.list(), queryFn: ({ signal }) => listForms({ signal }), enabled });
}
