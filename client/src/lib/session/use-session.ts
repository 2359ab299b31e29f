import { useSyncExternalStore } from 'react';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import type { GuardSession } from '../../../../shared/guard/evaluate-guard';
import { readSession, subscribeSession } from './session';

/** The session, re-rendering on every change (sign-in, sign-out, a new vendor record), here or in another tab. */
export function useSession(): GuardSession {
  return useSyncExternalStore(subscribeSession, readSession);
}

/** The stored vendor record (null when signed out), following its changes. */
export function useSessionVendor(): VendorRecord | null {
  return useSession().vendor;
}
