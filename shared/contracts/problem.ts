import { z } from 'zod';

/** Error codes the server sends in `code`, so the client can branch on them. */
export const errorCodes = [
  'validation-failed',
  'unauthorized',
  'invalid-credentials',
  'invalid-token',
  'email-taken',
  'not-found',
  'conflict',
  'forbidden',
  'redirect-loop',
  'payload-too-large',
  'unsupported-media-type',
  'rate-limited',
  'busy',
  'unavailable',
  'too-complex',
  'insufficient-credits',
  'idempotency-mismatch',
  'card-declined',
  'payment-method-required',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** One field error: `path` is a JSON pointer-like dotted path into the request body. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** An RFC 9457 problem document. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.enum(errorCodes).optional(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;
