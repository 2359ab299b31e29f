import { vendorRecordSchema, type VendorRecord } from '../../../../shared/contracts/vendor';
import type { GuardSession } from '../../../../shared/guard/evaluate-guard';
import { forgetRotation } from './rotation-handoff';
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

/** Tokens of the current session (null when signed out). */
export function readTokens(): { accessToken: string | null; refreshToken: string | null } {
  return { accessToken: localStorage.getItem(STORAGE_KEYS.accessToken), refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken) };
}

function announce(): void {
  window.dispatchEvent(new Event('session-change'));
}

/** Replaces both tokens (after a refresh). */
export function storeTokens(tokens: { accessToken: string; refreshToken: string }): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  announce();
}

/** Replaces the stored vendor record (e.g. after GET /api/vendor/me or a form save). */
export function storeVendor(vendor: VendorRecord): void {
  localStorage.setItem(STORAGE_KEYS.vendorData, JSON.stringify(vendor));
  announce();
}

/** Starts a session: tokens and vendor record, as sign-in and sign-up answer them. */
export function storeSession(session: { accessToken: string; refreshToken: string; vendor: VendorRecord }): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(STORAGE_KEYS.vendorData, JSON.stringify(session.vendor));
  announce();
}

/** Ends the session in this browser (every tab follows through the storage event). */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.vendorData);
  void forgetRotation();
  announce();
}
