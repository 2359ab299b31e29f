import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { jsonObjectSchema, scalarSchema } from './json';
import { fieldErrorSchema } from './problem';
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
  /** The confirmation after a save, when "<title> saved" would not read well (a title that is a question or an instruction). */
  savedMessage: z.string().min(1).optional(),
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
  savedMessage: z.string().optional(),
  schema: jsonObjectSchema,
  uiSchema: jsonObjectSchema,
  /** URL of the form's precompiled validator module (changes whenever the schema does). */
  validator: z.string().optional(),
});

/** What a vendor saved in a form: the form's data, or null before the first save. */
export const savedFormDataSchema = z.record(z.string(), z.unknown()).nullable();

/**
 * `GET /api/vendor/forms/:formId` (docs/architecture.md: Server-driven forms; `{ data, version }` is a fixed contract): the saved data and the
 * schema version it was saved under, with the form's current version and whether the data still
 * fits it (`status`, and the fields to review) as siblings of `data`.
 */
export const savedFormResponseSchema = envelopeSchema(savedFormDataSchema, {
  version: z.number(),
  formVersion: z.number(),
  status: formStatusSchema,
  errors: z.array(fieldErrorSchema),
});

/** One entry of `GET /api/vendor/forms`: a form that applies to the vendor, where it opens, and its state. */
export const formListEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  category: z.string().nullable(),
  version: z.number(),
  savedVersion: z.number().nullable(),
  updatedAt: z.number().nullable(),
  status: formStatusSchema,
  errors: z.array(fieldErrorSchema),
});

export type OnSave = z.infer<typeof onSaveSchema>;
export type FormBody = z.infer<typeof formBodySchema>;
export type FormFile = z.infer<typeof formFileSchema>;
export type FormPayload = z.infer<typeof formPayloadSchema>;
export type SavedForm = z.infer<typeof savedFormResponseSchema>;
export type FormListEntry = z.infer<typeof formListEntrySchema>;
