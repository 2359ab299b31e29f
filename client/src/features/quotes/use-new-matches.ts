import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useQuoteSummary } from './api/get-quote-summary';
import { quoteKeys } from './api/quote-keys';

const detailPrefix = quoteKeys.detail('');

function isDetailKey(key: readonly unknown[]): boolean {
  return key.length === detailPrefix.length && key[0] === detailPrefix[0] && key[1] === detailPrefix[1];
}

/**
 * How many potential matches the vendor has not opened yet (the menu's badge); undefined while
 * unknown or when the vendor may not read quotes. Opening a quote makes it no longer new, so the
 * count is read again each time a quote's page has loaded one.
 */
export function useNewMatches(): number | undefined {
  const allowed = useAppAbility().can('read', 'Quote');
  const client = useQueryClient();
  const { data } = useQuoteSummary({ enabled: allowed });
  useEffect(() => {
    if (!allowed) return undefined;
    return client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && isDetailKey(event.query.queryKey)) {
        void client.invalidateQueries({ queryKey: quoteKeys.summary() });
      }
    });
  }, [allowed, client]);
  return allowed ? data?.newMatches : undefined;
}
