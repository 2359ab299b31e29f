import { useSyncExternalStore } from 'react';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import { readVendor } from '../../lib/session/session';

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  window.addEventListener('session-change', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('session-change', onChange);
  };
};

/** The stored vendor record, following changes in this tab and others. */
export function useSessionVendor(): (VendorRecord & Record<string, unknown>) | null {
  return useSyncExternalStore(subscribe, readVendor) as (VendorRecord & Record<string, unknown>) | null;
}
