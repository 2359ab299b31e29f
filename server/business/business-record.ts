import { rulesForRole } from '../../shared/ability/roles';
import type { VendorRecord } from '../../shared/contracts/vendor';
import { publicProfilePath } from '../../shared/marketplace/public-profile-path';
import { jsonNumbersOf, jsonObjectOf } from '../core/db/json-column';
import type { VendorRow } from './business.table';

/** What the vendor record shows of the signed-in user (the auth module's user, as it is given). */
export interface RecordUser {
  id: string;
  email: string;
  role: string;
  hasPassword: boolean;
  googleLinked: boolean;
  emailVerified: boolean;
  /** The user is in their first session (signed up or joined just now, never signed in again since). */
  firstVisit: boolean;
}

/** The business's categories (vendor type ids). */
export function categoriesOf(vendor: Pick<VendorRow, 'categories'> | undefined): number[] {
  return vendor ? jsonNumbersOf(vendor.categories) : [];
}

/** The fields the business's forms saved on it (onboarding's answers, contact details). */
export function vendorFieldsOf(vendor: Pick<VendorRow, 'fields'>): Record<string, unknown> {
  return jsonObjectOf(vendor.fields);
}

/**
 * The vendor record (docs/security.md: Accounts and sessions): the signed-in user and their business, with every field
 * the guard reads at top level, plus `role`, the CASL `ability` rules of that role and the business's
 * `public_profile_path` (PRODUCT.md §4: its public page, `/vendor-profile/:adminId/:slug`).
 */
export function toVendorRecord(user: RecordUser, vendor: VendorRow): VendorRecord & Record<string, unknown> {
  const fields = vendorFieldsOf(vendor);
  return {
    ...fields,
    id: user.id,
    vendor_id: vendor.id,
    email: user.email,
    role: user.role,
    ability: rulesForRole(user.role),
    business_name: vendor.business_name,
    public_profile_path: publicProfilePath(vendor.id, vendor.business_name),
    payment_status: vendor.payment_status,
    last_completed_step: vendor.last_completed_step,
    category: categoriesOf(vendor).map((vendor_type_id) => ({ vendor_type_id })),
    has_password: user.hasPassword,
    google_linked: user.googleLinked,
    email_verified: user.emailVerified,
    first_visit: user.firstVisit,
  };
}
