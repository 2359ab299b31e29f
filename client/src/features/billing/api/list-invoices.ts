import { useInfiniteQuery } from '@tanstack/react-query';
import { invoiceListSchema, type InvoiceList } from '../../../../../shared/contracts/billing';
import { getJson, type ReadOptions } from '../../../lib/api/get-data';
import { billingKeys } from './billing-keys';

const PAGE_SIZE = 10;

/** GET /api/billing/invoices: one page of invoices, newest first. */
export function listInvoices(cursor: string | null, options?: ReadOptions): Promise<InvoiceList> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return getJson(invoiceListSchema, `/api/billing/invoices?${params.toString()}`, options);
}

/** The invoices, page after page. */
export function useInvoices(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(),
    queryFn: ({ pageParam, signal }) => listInvoices(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
}
