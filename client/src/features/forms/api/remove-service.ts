import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vendorRecordSchema, type VendorRecord } from '../../../../../shared/contracts/vendor';
import { sendData } from '../../../lib/api/send-data';
import { vendorChanged } from '../../../lib/forms/api/vendor-changed';

/** DELETE /api/vendor/services/:categoryId: the business stops offering a service; answers with the vendor record. */
export function removeService(categoryId: string): Promise<VendorRecord> {
  return sendData('delete', vendorRecordSchema, `/api/vendor/services/${encodeURIComponent(categoryId)}`);
}

/** Removing a service: the answered vendor record becomes the session's, which the guard then reads. */
export function useRemoveService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeService,
    onSuccess: (vendor) => vendorChanged(client, vendor),
  });
}
