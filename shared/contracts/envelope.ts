import { z } from 'zod';

/**
 * The one envelope of the API's answers: `{ data }`, plus the metadata siblings some endpoints
 * answer beside it (a saved form's `version`, a page's `nextCursor`, the reviews' `summary`).
 * Both the data and the named siblings are checked; unknown siblings are dropped.
 */
export function envelopeSchema<Data extends z.ZodType, Siblings extends z.ZodRawShape = Record<never, never>>(data: Data, siblings?: Siblings) {
  return z.object({ ...siblings, data } as Siblings & { data: Data });
}
