import { useMutation } from '@tanstack/react-query';
import { billingSchema, type Billing } from '../../../../../shared/contracts/billing';
import { sendData } from '../../../lib/api/send-data';
import { useBillingChanged } from './billing-changed';

/** DELETE /api/billing/subscription: the plan ends at the end of the period already paid for. */
export function cancelSubscription(idempotencyKey: string): Promise<Billing> {
  return sendData('delete', billingSchema, '/api/billing/subscription', undefined, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Canceling the subscription (at period end). */
export function useCancelSubscription() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) => cancelSubscription(idempotencyKey),
    // Nothing here waits on the guard (a plan change never clears a failed payment), so the dialog
    // closes on the server's answer and the other reads refresh behind it.
    onSuccess: (billing) => {
      void changed(billing);
    },
  });
}
