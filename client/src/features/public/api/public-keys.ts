import type { DirectorySort } from '../../../../../shared/contracts/public-vendors';

/** Query keys of the public pages: a business's further reviews, and one directory search from the page it starts at (null: the first). */
export const publicKeys = {
  reviews: (vendorId: string) => ['public-vendor-reviews', vendorId] as const,
  directory: (category: string, place: string, sort: DirectorySort, cursor: string | null) => ['public-directory', category, place, sort, cursor] as const,
};
