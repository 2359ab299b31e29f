import { createContext, useContext } from 'react';
import type { ClientConfig } from './client-config';

export const ConfigContext = createContext<ClientConfig | null>(null);

/** The loaded config; only rendered under the provider, so it is always there. */
export function useConfig(): ClientConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used under <ConfigContext.Provider>');
  return config;
}
