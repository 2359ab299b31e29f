import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Billing } from '../../../../../shared/contracts/billing';
import { creditKeys } from '../../../lib/credits/api/credit-keys';
import { sessionKeys } from '../../../lib/session/use-vendor-refresh';
import { billingKeys } from './billing-keys';

/**
 * What every billing change does after the server's answer: shows the answer's billing at once,
 * then reads again everything it may have moved: billing (invoices), the credits (balance and
 * ledger) that billing, the quote pages and the dashboard show, and the vendor record, whose `payment_status` the guard reads.
 * A change the guard depends on (a card saved, a payment made) awaits the reads; one it does not
 * (a plan changed or canceled) starts them and lets its dialog close on the server's answer.
 */
export function useBillingChanged(): (billing: Billing | null) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (billing) => {
      if (billing) client.setQueryData(billingKeys.summary(), billing);
      await Promise.all([
        client.invalidateQueries({ queryKey: billingKeys.all }),
        client.invalidateQueries({ queryKey: creditKeys.all }),
        client.invalidateQueries({ queryKey: sessionKeys.me }),
      ]);
    },
    [client],
  );
}
