import { z } from 'zod';

/** Any JSON value. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Zod schema of any JSON value. */
export const jsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonSchema), z.record(z.string(), jsonSchema)]),
);

/** A JSON object (a JSON Schema or an RJSF uiSchema before their own validation). */
export const jsonObjectSchema = z.record(z.string(), jsonSchema);

/** A scalar a form's `onSave` may write onto the vendor record. */
export const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
