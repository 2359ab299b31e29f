import { vendorRecordSchema, type VendorRecord } from '../../../../shared/contracts/vendor';
import type { GuardSession } from '../../../../shared/guard/evaluate-guard';
import { STORAGE_KEYS } from './storage-keys';

let cached: { raw: string | null; vendor: VendorRecord | null } = { raw: null, vendor: null };

/** The stored vendor record, or null when missing or not a valid record (treated as logged out). */
export function readVendor(): VendorRecord | null {
  const raw = localStorage.getItem(STORAGE_KEYS.vendorData);
  if (raw === cached.raw) return cached.vendor;
  let vendor: VendorRecord | null = null;
  if (raw) {
    try {
      const parsed = vendorRecordSchema.safeParse(JSON.parse(raw));
      vendor = parsed.success ? parsed.data : null;
    } catch {
      vendor = null;
    }
  }
  cached = { raw, vendor };
  return vendor;
}

/** The session as the guard sees it: logged in needs both the vendor record and the token. */
export function readSession(): GuardSession {
  return { vendor: readVendor(), hasToken: Boolean(localStorage.getItem(STORAGE_KEYS.accessToken)) };
}
