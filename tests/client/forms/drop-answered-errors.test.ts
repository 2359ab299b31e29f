import type { ErrorSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { dropAnsweredErrors } from '../../../client/src/lib/forms/drop-answered-errors';

const errors = {
  product_types: { __errors: ['Choose at least one'] },
  bouquet_price: { __errors: ['This field is required'] },
  packages: { 0: { name: { __errors: ['Enter a name'] } } },
} as unknown as ErrorSchema;
const refused = { product_types: [], packages: [{ name: '' }] };

describe('dropAnsweredErrors', () => {
  it('when nothing changed, then every error stays (the same object)', () => {
    expect(dropAnsweredErrors(errors, refused, { ...refused })).toBe(errors);
  });

  it('when the vendor ticks a choice, then only that field loses its error', () => {
    expect(dropAnsweredErrors(errors, refused, { ...refused, product_types: ['Bridal bouquets'] })).toEqual({
      bouquet_price: { __errors: ['This field is required'] },
      packages: { 0: { name: { __errors: ['Enter a name'] } } },
    });
  });

  it('when a field inside a list item is filled in, then its error goes and the rest stay', () => {
    expect(dropAnsweredErrors(errors, refused, { ...refused, packages: [{ name: 'Classic' }] })).toEqual({
      product_types: { __errors: ['Choose at least one'] },
      bouquet_price: { __errors: ['This field is required'] },
    });
  });

  it('when a field that was missing is given, then its error goes', () => {
    expect(dropAnsweredErrors(errors, refused, { ...refused, bouquet_price: 250 })).not.toHaveProperty('bouquet_price');
  });

  it('when every refused field has changed, then no error is left', () => {
    expect(dropAnsweredErrors(errors, refused, { product_types: ['Centerpieces'], bouquet_price: 250, packages: [{ name: 'Classic' }] })).toBeUndefined();
  });

  it('when there were no errors, then there are none', () => {
    expect(dropAnsweredErrors(undefined, refused, {})).toBeUndefined();
  });
});
