import { z } from 'zod';
import { jsonObjectSchema, scalarSchema } from './json';
import { nameSchema } from './route';

/** Fields a save writes onto the vendor record besides the form's own guard fields. */
export const onSaveSchema = z.strictObject({
  set: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), scalarSchema),
});

/** Where a vendor stands with a form. `needs-review`: saved data no longer fits the current schema. */
export const formStatusSchema = z.enum(['not-started', 'complete', 'needs-review']);
export type FormStatus = z.infer<typeof formStatusSchema>;

/** Option lists the schema store fills in at load time (e.g. the category choices of onboarding). */
export const dataSourceSchema = z.enum(['vendorTypes']);

/** The form definition without its id: used inside category files, whose form ids are generated. */
export const formBodySchema = z.strictObject({
  version: z.number().int().min(1),
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  schema: jsonObjectSchema,
  uiSchema: jsonObjectSchema.default({}),
  onSave: onSaveSchema.optional(),
  dataSources: z.record(z.string(), dataSourceSchema).optional(),
});

/** A file in `schemas/forms/`. `id` is the form id, which is the route name of its screen. */
export const formFileSchema = formBodySchema.extend({
  $schema: z.string().optional(),
  id: nameSchema,
  /** The category whose vendors the form is for (absent: every vendor). */
  category: nameSchema.optional(),
});

/** `GET /api/config/forms/:formId`. */
export const formPayloadSchema = z.strictObject({
  id: nameSchema,
  version: z.number().int().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  schema: jsonObjectSchema,
  uiSchema: jsonObjectSchema,
  /** URL of the form's precompiled validator module (changes whenever the schema does). */
  validator: z.string().optional(),
});

export type OnSave = z.infer<typeof onSaveSchema>;
export type FormBody = z.infer<typeof formBodySchema>;
export type FormFile = z.infer<typeof formFileSchema>;
export type FormPayload = z.infer<typeof formPayloadSchema>;
