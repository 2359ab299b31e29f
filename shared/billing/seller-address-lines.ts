import type { SellerAddress } from '../contracts/app-config';

/**
 * The seller's postal address (app.json `seller.address`) as the lines of an envelope, the way
 * receipts print it on the page and in the mail: street lines, then "City, Region Postcode", then
 * the country. `{ line1: '500 W 2nd St', line2: 'Suite 1900', city: 'Austin', region: 'TX',
 * postalCode: '78701', country: 'United States' }` → four lines.
 */
export function sellerAddressLines(address: SellerAddress): string[] {
  return [address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.region} ${address.postalCode}`, address.country];
}
