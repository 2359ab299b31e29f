import type { QueryClient } from '@tanstack/react-query';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';
import { storeVendor } from '../../session/session';
import { sessionKeys } from '../../session/use-vendor-refresh';
import { isConfigKey } from './form-keys';

/**
 * After a change of the business that answered with the new vendor record (a form save, a
 * service removed): the record goes to the session store, and every read but config goes out of
 * date, since they derive from it (the form list, the profile's categories, …). Not fetched now:
 * what no screen shows is dropped (the next screen loads it afresh instead of flashing the old
 * state), and what is on screen refreshes when it is next opened.
 */
export function vendorChanged(client: QueryClient, vendor: VendorRecord): void {
  storeVendor(vendor);
  const derived = ({ queryKey }: { queryKey: readonly unknown[] }) => !isConfigKey(queryKey) && queryKey[0] !== sessionKeys.me[0];
  client.removeQueries({ predicate: derived, type: 'inactive' });
  void client.invalidateQueries({ predicate: derived, refetchType: 'none' });
}
