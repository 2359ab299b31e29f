import type { GuardRule } from '../contracts/guard-rule';
import type { VendorRecord } from '../contracts/vendor';
import { isSet } from './is-set';

/** Whether the vendor offers the category with this vendor type id. */
function hasVendorType(vendor: VendorRecord, vendorTypeId: number): boolean {
  return (vendor.category ?? []).some((entry) => Number(entry.vendor_type_id) === vendorTypeId);
}

/**
 * Whether a category's compulsory-screen rule holds for the vendor: the vendor offers the
 * category (when the rule requires it) and its condition on the vendor's fields is met.
 */
export function ruleHolds(rule: GuardRule, vendor: VendorRecord): boolean {
  if (rule.vendorTypeId !== null && !hasVendorType(vendor, rule.vendorTypeId)) return false;
  const fields = vendor as Record<string, unknown>;
  return 'allUnset' in rule.when ? rule.when.allUnset.every((field) => !isSet(fields[field])) : rule.when.anySet.some((field) => isSet(fields[field]));
}
