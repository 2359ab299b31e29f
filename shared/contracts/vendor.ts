import { z } from 'zod';
import { jsonSchema } from './json';

/** One CASL rule of a vendor's `ability` list. */
export const abilityRuleSchema = z.strictObject({
  action: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  subject: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  inverted: z.boolean().optional(),
  conditions: z.record(z.string(), jsonSchema).optional(),
  fields: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  reason: z.string().optional(),
});

const vendorTypeId = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

/**
 * The vendor record as the guard reads it (docs/specification.md §3). Fields the guard does not read pass
 * through untouched; the ones it reads are type-checked so a malformed record is a 400.
 */
export const vendorRecordSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  role: z.string().nullish(),
  ability: z.array(abilityRuleSchema).nullish(),
  payment_status: z.string().nullish(),
  category: z.array(z.looseObject({ vendor_type_id: vendorTypeId })).nullish(),
  last_completed_step: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).nullish(),
});

export type AbilityRule = z.infer<typeof abilityRuleSchema>;
export type VendorRecord = z.infer<typeof vendorRecordSchema>;
