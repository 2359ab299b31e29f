import type { DirectorySort } from '../../../../../shared/contracts/public-vendors';

/** Query keys of the public pages: a business's further reviews, and one directory search. */
export const publicKeys = {
  reviews: (vendorId: string) => ['public-vendor-reviews', vendorId] as const,
  directory: (category: string, place: string, sort: DirectorySort) => ['public-directory', category, place, sort] as const,
};
