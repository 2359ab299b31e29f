import { vendorRecordSchema, type VendorRecord } from '../../../../shared/contracts/vendor';

/** A stored vendor record checked with its contract; null when it is not one. */
export function checkVendor(value: unknown): VendorRecord | null {
  const parsed = vendorRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
