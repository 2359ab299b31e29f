import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { vendorRecordSchema, type VendorRecord } from '../../../../shared/contracts/vendor';
import { getData, type ReadOptions } from '../api/get-data';
import { useGuardRerun } from '../router/use-guard-rerun';
import { isLoggedIn } from '../../../../shared/guard/evaluate-guard';
import { readTokens, storeVendor } from './session';
import { useSession } from './use-session';

/** Query keys of the session's own reads. */
export const sessionKeys = {
  me: ['vendor', 'me'] as const,
};

// Moving around should not fetch the record more often than this.
const MIN_INTERVAL_MS = 5_000;

/** GET /api/vendor/me into the session store; an answer that lands after a sign-out is dropped. */
export async function refreshVendor(options?: ReadOptions): Promise<VendorRecord> {
  const vendor = await getData(vendorRecordSchema, '/api/vendor/me', options);
  if (readTokens().accessToken) storeVendor(vendor);
  return vendor;
}

/**
 * Keeps the stored vendor record fresh while a signed-in vendor moves around (role, abilities
 * and guard fields may change on the server): fetched when a signed-in layout opens, again on a
 * navigation once it is 5 s old, and whenever `sessionKeys.me` is invalidated. A new record that
 * changes what the guard decides (a failed or paid renewal) runs the guard again at once.
 */
export function useVendorRefresh(): void {
  const signedIn = isLoggedIn(useSession());
  const { pathname } = useLocation();
  const client = useQueryClient();
  useQuery({ queryKey: sessionKeys.me, queryFn: ({ signal }) => refreshVendor({ signal }), enabled: signedIn, staleTime: MIN_INTERVAL_MS });
  useEffect(() => {
    void client.refetchQueries({ queryKey: sessionKeys.me, type: 'active', stale: true }, { cancelRefetch: false });
  }, [client, pathname]);
  useGuardRerun();
}
