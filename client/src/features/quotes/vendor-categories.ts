import type { Category } from '../../../../shared/contracts/category';
import type { VendorRecord } from '../../../../shared/contracts/vendor';

/** The categories the vendor offers (its record's vendor types), in the config's order. */
export function vendorCategories(categories: readonly Category[], vendor: Pick<VendorRecord, 'category'> | null): Category[] {
  const offered = new Set((vendor?.category ?? []).map((entry) => Number(entry.vendor_type_id)));
  return categories.filter((category) => offered.has(category.vendorTypeId));
}
