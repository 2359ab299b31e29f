import type { VendorRecord } from '../../shared/contracts/vendor';
import { rulesForRole } from '../auth/abilities';
import type { UserRow, VendorRow } from '../db/schema';

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The vendor record (PRODUCT.md §4): the signed-in user and their business, with every field
 * the guard reads at top level, plus `role` and the CASL `ability` rules of that role.
 */
export function toVendorRecord(user: UserRow, vendor: VendorRow): VendorRecord & Record<string, unknown> {
  const fields = parseJson<Record<string, unknown>>(vendor.fields, {});
  const categories = parseJson<number[]>(vendor.categories, []);
  return {
    ...fields,
    id: user.id,
    vendor_id: vendor.id,
    email: user.email,
    role: user.role,
    ability: rulesForRole(user.role),
    business_name: vendor.business_name,
    payment_status: vendor.payment_status,
    last_completed_step: vendor.last_completed_step,
    category: categories.map((vendor_type_id) => ({ vendor_type_id })),
    has_password: user.password_hash !== null,
    google_linked: user.google_sub !== null,
  };
}
