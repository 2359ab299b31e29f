import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createAbility, type AppAbility } from '../../../../shared/ability/create-ability';
import { readVendor, subscribeSession } from '../session/session';
import type { VendorRecord } from '../../../../shared/contracts/vendor';

let cached: { vendor: VendorRecord | null; ability: AppAbility } | null = null;

/** The ability of the stored vendor record (guest rules when signed out), rebuilt only on change. */
export function currentAbility(): AppAbility {
  const vendor = readVendor();
  if (!cached || cached.vendor !== vendor) cached = { vendor, ability: createAbility(vendor?.ability) };
  return cached.ability;
}

const AbilityContext = createContext<AppAbility | null>(null);

/** Provides the session's ability, following sign-in and sign-out in this tab and others. */
export function AbilityProvider({ children }: { children: ReactNode }) {
  const ability = useSyncExternalStore(subscribeSession, currentAbility);
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}

/** The session's ability; used to hide what cannot be done (the server enforces it). */
export function useAppAbility(): AppAbility {
  const ability = useContext(AbilityContext);
  if (!ability) throw new Error('useAppAbility must be used under <AbilityProvider>');
  return ability;
}
