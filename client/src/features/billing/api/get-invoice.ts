import { useQuery } from '@tanstack/react-query';
import { invoiceSchema, type Invoice } from '../../../../../shared/contracts/billing';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { problemOf } from '../../../lib/forms/server-errors';
import { billingKeys } from './billing-keys';

/** GET /api/billing/invoices/:id: one invoice, for its receipt. */
export function getInvoice(id: string, options?: ReadOptions): Promise<Invoice> {
  return getData(invoiceSchema, `/api/billing/invoices/${encodeURIComponent(id)}`, options);
}

/** One invoice; a 404 (an id that is not the business's) is not asked again. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => getInvoice(id, { signal }),
    retry: (count, error) => count < 2 && problemOf(error)?.status !== 404,
  });
}
