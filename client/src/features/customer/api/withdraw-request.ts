import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerRequestSchema, type CustomerRequest } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { customerKeys } from './customer-keys';

/** POST /api/public/requests/:token/withdraw: the customer no longer needs quotes; every open quote and match closes. */
export function withdrawRequest(token: string): Promise<CustomerRequest> {
  return sendData('post', customerRequestSchema, `/api/public/requests/${encodeURIComponent(token)}/withdraw`);
}

/** Withdrawing the whole request; the request is read again afterwards. */
export function useWithdrawRequest(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawRequest(token),
    onSettled: () => client.invalidateQueries({ queryKey: customerKeys.request(token) }),
  });
}
