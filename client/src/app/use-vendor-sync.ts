import { useEffect, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router-dom';
import { vendorRecordSchema } from '../../../shared/contracts/vendor';
import { http } from '../lib/api/http';
import { readSession, storeVendor } from '../lib/session/session';

const MIN_INTERVAL_MS = 5_000;

/**
 * Keeps the stored vendor record fresh while a signed-in vendor moves around (role, abilities
 * and guard fields may change on the server), and re-runs the guard when the session changes
 * in another tab (signing out there signs out here).
 */
export function useVendorSync(): void {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const last = useRef(0);

  useEffect(() => {
    const session = readSession();
    if (!session.vendor || !session.hasToken || Date.now() - last.current < MIN_INTERVAL_MS) return;
    last.current = Date.now();
    http
      .get('/api/vendor/me')
      .then((response) => {
        const parsed = vendorRecordSchema.safeParse((response.data as { data?: unknown }).data);
        if (parsed.success) storeVendor(parsed.data);
      })
      .catch(() => {
        // A 401 that cannot be refreshed already ended the session; other failures keep the stored record.
      });
  }, [pathname]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'vendorAccessToken' || event.key === 'vendorData') void revalidator.revalidate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [revalidator]);
}
