import { z } from 'zod';
import { vendorRecordSchema } from './vendor';

/** `POST /api/config/navigation` body. `vendor: null` means not logged in. */
export const navigationRequestSchema = z.strictObject({
  path: z.string().min(1).max(2048).startsWith('/', 'must start with "/"'),
  vendor: vendorRecordSchema.nullable(),
});

/** `POST /api/config/navigation` answer. */
export const navigationResponseSchema = z.strictObject({
  redirect: z.string().nullable(),
  rule: z.string().nullable(),
});

export type NavigationRequest = z.infer<typeof navigationRequestSchema>;
export type NavigationResponse = z.infer<typeof navigationResponseSchema>;
