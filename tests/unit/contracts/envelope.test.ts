import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/contracts/envelope';

const quote = z.object({ id: z.string() });

describe('envelopeSchema', () => {
  it('when an answer is { data }, then data is checked with the given schema', () => {
    const schema = envelopeSchema(z.array(quote));

    expect(schema.parse({ data: [{ id: 'q1' }] })).toEqual({ data: [{ id: 'q1' }] });
    expect(schema.safeParse({ data: [{ id: 1 }] }).success).toBe(false);
    expect(schema.safeParse({ quotes: [] }).success).toBe(false);
  });

  it('when an endpoint answers metadata beside data, then the named siblings are checked and kept, and unknown ones dropped', () => {
    const schema = envelopeSchema(z.array(quote), { nextCursor: z.string().nullable() });

    expect(schema.parse({ data: [], nextCursor: null, debug: true })).toEqual({ data: [], nextCursor: null });
    expect(schema.safeParse({ data: [] }).success).toBe(false);
  });
});
