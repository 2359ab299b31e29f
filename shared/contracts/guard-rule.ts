import { z } from 'zod';
import { nameSchema } from './route';

const fieldName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case vendor field');

/**
 * When a compulsory-screen rule holds. `allUnset`: every listed field is unset (missing, null,
 * false, 0, "" or []). `anySet`: at least one listed field is set.
 */
export const guardConditionSchema = z.union([z.strictObject({ allUnset: z.array(fieldName).min(1) }), z.strictObject({ anySet: z.array(fieldName).min(1) })]);

/** A signed-in guard rule as declared in a category file. */
export const categoryGuardRuleSchema = z.strictObject({
  id: nameSchema,
  order: z.number().int().min(1),
  requiresCategory: z.boolean().default(true),
  when: guardConditionSchema,
  redirectTo: nameSchema,
});

/** A guard rule ready for the guard: the category's vendor type id resolved. */
export const guardRuleSchema = categoryGuardRuleSchema.extend({
  vendorTypeId: z.number().int().nullable(),
});

export type GuardCondition = z.infer<typeof guardConditionSchema>;
export type CategoryGuardRule = z.infer<typeof categoryGuardRuleSchema>;
export type GuardRule = z.infer<typeof guardRuleSchema>;
