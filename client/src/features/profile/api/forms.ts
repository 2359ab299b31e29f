import { z } from 'zod';
import { formPayloadSchema } from '../../../../../shared/contracts/form';
import { fieldErrorSchema } from '../../../../../shared/contracts/problem';
import { vendorRecordSchema } from '../../../../../shared/contracts/vendor';
import { http } from '../../../lib/api/http';

const savedSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable(),
  version: z.number(),
  status: z.enum(['not-started', 'complete', 'needs-review']),
  errors: z.array(fieldErrorSchema),
});

export type SavedForm = z.infer<typeof savedSchema>;

/** GET /api/config/forms/:formId: the schema (titles included) and uiSchema. */
export async function getFormDefinition(formId: string) {
  return formPayloadSchema.parse((await http.get(`/api/config/forms/${encodeURIComponent(formId)}`)).data);
}

/** GET /api/vendor/forms/:formId: what the vendor saved in a form. */
export async function getSavedForm(formId: string): Promise<SavedForm> {
  return savedSchema.parse((await http.get(`/api/vendor/forms/${encodeURIComponent(formId)}`)).data);
}

/** PUT /api/vendor/forms/:formId: validated by the server with the same schema; returns the vendor record. */
export async function saveForm(formId: string, data: Record<string, unknown>) {
  return z.object({ data: vendorRecordSchema }).parse((await http.put(`/api/vendor/forms/${encodeURIComponent(formId)}`, data)).data).data;
}
