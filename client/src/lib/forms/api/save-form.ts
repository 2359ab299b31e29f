import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedForm } from '../../../../../shared/contracts/form';
import { vendorRecordSchema, type VendorRecord } from '../../../../../shared/contracts/vendor';
import { sendData } from '../../api/send-data';
import { completenessKeys } from '../../completeness/completeness-keys';
import { formKeys } from './form-keys';
import { vendorChanged } from './vendor-changed';

type Data = Record<string, unknown>;

/** PUT /api/vendor/forms/:formId: stores the form's data; answers with the updated vendor record. */
export async function saveForm(formId: string, data: Data): Promise<VendorRecord> {
  return sendData('put', vendorRecordSchema, `/api/vendor/forms/${encodeURIComponent(formId)}`, data);
}

/** Saving a form: the form shows as saved at once, and the vendor record it answers is the session's (`vendorChanged`). */
export function useSaveForm(formId: string, formVersion: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Data) => saveForm(formId, data),
    onSuccess: (vendor, data) => {
      client.setQueryData<SavedForm>(formKeys.saved(formId), (current) =>
        current ? { ...current, data, status: 'complete', errors: [], version: formVersion ?? current.version } : current,
      );
      vendorChanged(client, vendor);
      // Settings, auto-responses and the profile's texts are pieces of the profile's completeness.
      void client.invalidateQueries({ queryKey: completenessKeys.all });
    },
  });
}
