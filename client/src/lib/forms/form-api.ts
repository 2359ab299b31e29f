import { z } from 'zod';
import { formPayloadSchema, formStatusSchema as statusSchema } from '../../../../shared/contracts/form';
import { fieldErrorSchema } from '../../../../shared/contracts/problem';
import { vendorRecordSchema } from '../../../../shared/contracts/vendor';
import { http } from '../api/http';

const savedSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable(),
  version: z.number(),
  formVersion: z.number(),
  status: statusSchema,
  errors: z.array(fieldErrorSchema),
});

const listSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      path: z.string(),
      category: z.string().nullable(),
      version: z.number(),
      savedVersion: z.number().nullable(),
      updatedAt: z.number().nullable(),
      status: statusSchema,
      errors: z.array(fieldErrorSchema),
    }),
  ),
});

export type SavedForm = z.infer<typeof savedSchema>;
export type FormListEntry = z.infer<typeof listSchema>['data'][number];

/** GET /api/config/forms/:formId: the schema and uiSchema to render. */
export async function getFormDefinition(formId: string) {
  return formPayloadSchema.parse((await http.get(`/api/config/forms/${encodeURIComponent(formId)}`)).data);
}

/** GET /api/vendor/forms/:formId: what the vendor saved, and whether it still fits the schema. */
export async function getSavedForm(formId: string): Promise<SavedForm> {
  return savedSchema.parse((await http.get(`/api/vendor/forms/${encodeURIComponent(formId)}`)).data);
}

/** PUT /api/vendor/forms/:formId: returns the updated vendor record. */
export async function saveForm(formId: string, data: Record<string, unknown>) {
  const body = z.object({ data: vendorRecordSchema }).parse((await http.put(`/api/vendor/forms/${encodeURIComponent(formId)}`, data)).data);
  return body.data;
}

/** GET /api/vendor/forms: every form that applies to the vendor, with its state. */
export async function listForms(): Promise<FormListEntry[]> {
  return listSchema.parse((await http.get('/api/vendor/forms')).data).data;
}
