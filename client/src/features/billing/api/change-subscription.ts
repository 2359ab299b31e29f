import { useMutation } from '@tanstack/react-query';
import { billingSchema, type Billing } from '../../../../../shared/contracts/billing';
import { sendData } from '../../../lib/api/send-data';
import { useBillingChanged } from './billing-changed';

/**
 * POST /api/billing/subscription `{ planId }`: starts a plan, upgrades now (charging the prorated
 * difference), schedules a downgrade, or resumes a subscription set to end. 402
 * `payment-method-required` / `card-declined`, 409 while a renewal is unpaid.
 */
export function changeSubscription(planId: string, idempotencyKey: string): Promise<Billing> {
  return sendData('post', billingSchema, '/api/billing/subscription', { planId }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Choosing a plan (or resuming one). */
export function useChangeSubscription() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: ({ planId, idempotencyKey }: { planId: string; idempotencyKey: string }) => changeSubscription(planId, idempotencyKey),
    // Nothing here waits on the guard (a plan change never clears a failed payment), so the dialog
    // closes on the server's answer and the other reads refresh behind it.
    onSuccess: (billing) => {
      void changed(billing);
    },
  });
}
