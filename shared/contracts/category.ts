import { z } from 'zod';
import { formBodySchema, onSaveSchema } from './form';
import { categoryGuardRuleSchema } from './guard-rule';
import { jsonObjectSchema } from './json';
import { nameSchema } from './route';

/** The three slugs of a category's route families (PRODUCT.md §5: they differ per family). */
export const categorySlugsSchema = z.strictObject({
  profile: nameSchema,
  quoteDetail: nameSchema,
  autoResponse: nameSchema,
});

/** A file in `schemas/categories/`; its `id` equals the file name without `.json`. */
export const categoryFileSchema = z.strictObject({
  $schema: z.string().optional(),
  id: nameSchema,
  label: z.string().min(1),
  description: z.string().min(1).optional(),
  vendorTypeId: z.number().int().min(1),
  slugs: categorySlugsSchema,
  settings: formBodySchema.optional(),
  autoResponse: z
    .strictObject({
      schema: jsonObjectSchema.optional(),
      uiSchema: jsonObjectSchema.optional(),
      onSave: onSaveSchema.optional(),
    })
    .optional(),
  onboarding: onSaveSchema.optional(),
  guardRule: categoryGuardRuleSchema.optional(),
});

/** A category as served by `GET /api/config/categories`. */
export const categorySchema = z.strictObject({
  id: nameSchema,
  label: z.string(),
  description: z.string().optional(),
  vendorTypeId: z.number().int(),
  slugs: categorySlugsSchema,
  routes: z.strictObject({
    profile: nameSchema,
    quoteDetail: nameSchema,
    autoResponse: nameSchema,
    settings: nameSchema.optional(),
  }),
  forms: z.strictObject({ settings: nameSchema.optional(), autoResponse: nameSchema }),
  guardRule: categoryGuardRuleSchema.optional(),
});

export type CategoryFile = z.infer<typeof categoryFileSchema>;
export type Category = z.infer<typeof categorySchema>;
