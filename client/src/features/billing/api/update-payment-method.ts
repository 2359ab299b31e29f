import { useMutation } from '@tanstack/react-query';
import { billingSchema, type Billing } from '../../../../../shared/contracts/billing';
import { sendData } from '../../../lib/api/send-data';
import { useBillingChanged } from './billing-changed';

/**
 * PUT /api/billing/payment-method with the provider's token: the card billing charges from now
 * on. When a renewal is unpaid it is charged again at once; 402 `card-declined` changes nothing.
 */
export function updatePaymentMethod(paymentMethodId: string, idempotencyKey: string): Promise<Billing> {
  return sendData('put', billingSchema, '/api/billing/payment-method', { paymentMethodId }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Saving a card; billing, credits and the vendor record are read again after it. */
export function useUpdatePaymentMethod() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: ({ paymentMethodId, idempotencyKey }: { paymentMethodId: string; idempotencyKey: string }) =>
      updatePaymentMethod(paymentMethodId, idempotencyKey),
    onSuccess: (billing) => changed(billing),
  });
}
