import { describe, expect, it } from 'vitest';
import { sellerAddressLines } from '../../../shared/billing/seller-address-lines';

describe('sellerAddressLines', () => {
  const address = { line1: '500 W 2nd St', city: 'Austin', region: 'TX', postalCode: '78701', country: 'United States' };

  it('when the address has a second line, then it follows the street, before "City, Region Postcode" and the country', () => {
    expect(sellerAddressLines({ ...address, line2: 'Suite 1900' })).toEqual(['500 W 2nd St', 'Suite 1900', 'Austin, TX 78701', 'United States']);
  });

  it('when there is no second line, then no empty line is printed', () => {
    expect(sellerAddressLines(address)).toEqual(['500 W 2nd St', 'Austin, TX 78701', 'United States']);
  });
});
