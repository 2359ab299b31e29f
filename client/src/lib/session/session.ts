import type { VendorRecord } from '../../../../shared/contracts/vendor';
import type { GuardSession } from '../../../../shared/guard/evaluate-guard';
import { refreshExpiryPassed } from './refresh-expiry';
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

/**
 * Why the session was last ended without the vendor asking (the sign-in page says so):
 * `expired`, its stored end passed; `refused`, the server would not refresh it.
 */
export type SessionEnd = 'expired' | 'refused';

const SESSION_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.vendorData]);
const listeners = new Set<SessionListener>();
/** `unchecked`: a record was stored but its check had not arrived, so it was read as none. */
let cached: { raw: string | null; hasToken: boolean; session: GuardSession; unchecked: boolean } | null = null;
let checkVendor: ((value: unknown) => VendorRecord | null) | null = null;
let loadingCheck: Promise<void> | null = null;
let lastEnd: SessionEnd | null = null;

/**
 * Loads the vendor record's check (its contract, with zod: kept off the signed-out sign-in page).
 * A record read before it arrives counts as none; once it has, subscribers are told, as for a
 * change made in another tab (the only way a record appears before it: main.tsx waits for it
 * when one is stored at start, and this tab's own writes need no check).
 */
export function loadVendorCheck(): Promise<void> {
  loadingCheck ??= import('./vendor-check').then(
    (module) => {
      checkVendor = module.checkVendor;
      if (cached?.unchecked) {
        cached = null;
        notify({ fromOtherTab: true });
      }
    },
    (error: unknown) => {
      loadingCheck = null;
      throw error;
    },
  );
  return loadingCheck;
}

/** Resolves once the session can be read: at once when no vendor record is stored, else when its check has loaded. */
export function prepareSession(): Promise<void> {
  return localStorage.getItem(STORAGE_KEYS.vendorData) === null ? Promise.resolve() : loadVendorCheck();
}

function parseVendor(raw: string): VendorRecord | null {
  if (!checkVendor) return null;
  try {
    return checkVendor(JSON.parse(raw));
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
  if (cached && cached.raw === raw) {
    cached = { ...cached, hasToken, session: { vendor: cached.session.vendor, hasToken } };
    return cached.session;
  }
  const unchecked = raw !== null && !checkVendor;
  if (unchecked) void loadVendorCheck().catch(() => undefined);
  cached = { raw, hasToken, session: { vendor: raw === null ? null : parseVendor(raw), hasToken }, unchecked };
  return cached.session;
}

/** Caches a record this tab has just stored: it comes from a checked answer, so it needs no check of its own. */
function remember(vendor: VendorRecord, raw: string): void {
  const hasToken = Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  cached = { raw, hasToken, session: { vendor, hasToken }, unchecked: false };
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

/** The tokens of an answer, with the session's end when the server sent it. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt?: number;
}

/**
 * Writes the tokens; an answer without the end keeps the stored one (a rotation keeps the
 * session's end). An end this browser's clock already calls past, in the answer that just issued
 * the tokens, says the clock runs ahead of the server's: no end is kept, and the server's answers
 * decide (else such a browser would be sent to sign-in straight after every sign-in). Unless it is
 * the end already kept: this clock called it ahead when it was stored, so it has passed since (a
 * tab left open, a refresh on its way as the end went by), and the next page ends the session.
 */
function writeTokens(tokens: StoredTokens): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  if (tokens.refreshExpiresAt === undefined) return;
  const end = String(tokens.refreshExpiresAt);
  if (tokens.refreshExpiresAt > Date.now()) localStorage.setItem(STORAGE_KEYS.refreshExpiresAt, end);
  else if (localStorage.getItem(STORAGE_KEYS.refreshExpiresAt) !== end) localStorage.removeItem(STORAGE_KEYS.refreshExpiresAt);
}

/** Replaces both tokens (after a refresh or a password change). */
export function storeTokens(tokens: StoredTokens): void {
  writeTokens(tokens);
  notify({ fromOtherTab: false });
}

/** Replaces the stored vendor record (e.g. after GET /api/vendor/me or a form save). */
export function storeVendor(vendor: VendorRecord): void {
  const raw = JSON.stringify(vendor);
  localStorage.setItem(STORAGE_KEYS.vendorData, raw);
  remember(vendor, raw);
  notify({ fromOtherTab: false });
}

/** Starts a session: tokens and vendor record, as sign-in and sign-up answer them. */
export function storeSession(session: StoredTokens & { vendor: VendorRecord }): void {
  // A new session: an earlier one's end is not its own.
  localStorage.removeItem(STORAGE_KEYS.refreshExpiresAt);
  writeTokens(session);
  lastEnd = null;
  const raw = JSON.stringify(session.vendor);
  localStorage.setItem(STORAGE_KEYS.vendorData, raw);
  remember(session.vendor, raw);
  notify({ fromOtherTab: false });
}

/**
 * Ends the session in this browser (every tab follows through the storage event); `reason` when
 * it ended without the vendor signing out.
 */
export function clearSession(reason: SessionEnd | null = null): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.vendorData);
  localStorage.removeItem(STORAGE_KEYS.refreshExpiresAt);
  lastEnd = reason;
  // IndexedDB's handoff (a chunk of its own, with the refresh code that writes it).
  void import('./rotation-handoff').then(({ forgetRotation }) => forgetRotation()).catch(() => undefined);
  notify({ fromOtherTab: false });
}

/**
 * Clears a kept session whose stored end has passed (by the browser's clock): at start and before
 * every page, so the vendor goes straight to sign-in rather than to a page whose requests the
 * server would refuse. Returns whether it did. A session stored without its end is left to the
 * server's answer.
 */
export function endExpiredSession(now = Date.now()): boolean {
  if (!refreshExpiryPassed(localStorage.getItem(STORAGE_KEYS.refreshExpiresAt), now)) return false;
  clearSession('expired');
  return true;
}

/** Why the session last ended in this tab without the vendor signing out, until a session starts or `forgetSessionEnd()`. */
export function readSessionEnd(): SessionEnd | null {
  return lastEnd;
}

/** Forgets why the session ended (the sign-in page has said it). */
export function forgetSessionEnd(): void {
  lastEnd = null;
}
