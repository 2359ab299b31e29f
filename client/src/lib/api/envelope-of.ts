import type { z } from 'zod';
import { envelopeSchema } from '../../../../shared/contracts/envelope';

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** The `{ data }` envelope of a data schema, made once per schema. */
export function envelopeOf<S extends z.ZodType>(schema: S): z.ZodType<{ data: z.output<S> }> {
  let envelope = envelopes.get(schema);
  if (!envelope) {
    envelope = envelopeSchema(schema);
    envelopes.set(schema, envelope);
  }
  // TypeScript cannot follow zod's object inference through the generic S; the shape is `{ data: S }`.
  return envelope as z.ZodType<{ data: z.output<S> }>;
}
