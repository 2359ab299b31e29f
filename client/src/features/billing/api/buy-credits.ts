import { useMutation } from '@tanstack/react-query';
import { billingSchema, type Billing } from '../../../../../shared/contracts/billing';
import { sendData } from '../../../lib/api/send-data';
import { useBillingChanged } from './billing-changed';

/** POST /api/billing/credit-purchases `{ packId }`: charges the card and adds the pack's credits. */
export function buyCredits(packId: string, idempotencyKey: string): Promise<Billing> {
  return sendData('post', billingSchema, '/api/billing/credit-purchases', { packId }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Buying a credit pack. */
export function useBuyCredits() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: ({ packId, idempotencyKey }: { packId: string; idempotencyKey: string }) => buyCredits(packId, idempotencyKey),
    onSuccess: (billing) => changed(billing),
  });
}
