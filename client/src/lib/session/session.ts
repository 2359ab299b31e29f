import { vendorRecordSchema, type VendorRecord } from '../../../../shared/contracts/vendor';
import type { GuardSession } from '../../../../shared/guard/evaluate-guard';
import { forgetRotation } from './rotation-handoff';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The session store: the one place that reads and writes the session (tokens and vendor record,
 * kept in localStorage under the seed's keys). Reads are synchronous, for the guard; subscribers
 * hear every change, made in this tab or, through the storage event, in another.
 */

/** A change of the session; `fromOtherTab`: another tab wrote it (sign-in, sign-out, a refresh there). */
export interface SessionChange {
  fromOtherTab: boolean;
}

export type SessionListener = (change: SessionChange) => void;

const SESSION_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.vendorData]);
const listeners = new Set<SessionListener>();
let cached: { raw: string | null; hasToken: boolean; session: GuardSession } | null = null;

function parseVendor(raw: string | null): VendorRecord | null {
  if (!raw) return null;
  try {
    const parsed = vendorRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The session as the guard sees it: logged in needs both the vendor record and the token. The
 * same object comes back until the session changes (React's useSyncExternalStore relies on it).
 */
export function readSession(): GuardSession {
  const raw = localStorage.getItem(STORAGE_KEYS.vendorData);
  const hasToken = Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  if (cached && cached.raw === raw && cached.hasToken === hasToken) return cached.session;
  // A token refresh keeps the vendor object, so whatever is derived from it (the ability) is kept too.
  const vendor = cached && cached.raw === raw ? cached.session.vendor : parseVendor(raw);
  cached = { raw, hasToken, session: { vendor, hasToken } };
  return cached.session;
}

/** The stored vendor record, or null when missing or not a valid record (treated as logged out). */
export function readVendor(): VendorRecord | null {
  return readSession().vendor;
}

/** Tokens of the current session (null when signed out). */
export function readTokens(): { accessToken: string | null; refreshToken: string | null } {
  return { accessToken: localStorage.getItem(STORAGE_KEYS.accessToken), refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken) };
}

function notify(change: SessionChange): void {
  for (const listener of [...listeners]) listener(change);
}

function onStorage(event: StorageEvent): void {
  // `key` null: the other tab cleared the whole storage.
  if (event.key === null || SESSION_KEYS.has(event.key)) notify({ fromOtherTab: true });
}

/** Calls `listener` after every change of the session, in this tab or another; returns the unsubscribe. */
export function subscribeSession(listener: SessionListener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Replaces both tokens (after a refresh). */
export function storeTokens(tokens: { accessToken: string; refreshToken: string }): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  notify({ fromOtherTab: false });
}

/** Replaces the stored vendor record (e.g. after GET /api/vendor/me or a form save). */
export function storeVendor(vendor: VendorRecord): void {
  localStorage.setItem(STORAGE_KEYS.vendorData, JSON.stringify(vendor));
  notify({ fromOtherTab: false });
}

/** Starts a session: tokens and vendor record, as sign-in and sign-up answer them. */
export function storeSession(session: { accessToken: string; refreshToken: string; vendor: VendorRecord }): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(STORAGE_KEYS.vendorData, JSON.stringify(session.vendor));
  notify({ fromOtherTab: false });
}

/** Ends the session in this browser (every tab follows through the storage event). */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.vendorData);
  void forgetRotation();
  notify({ fromOtherTab: false });
}
