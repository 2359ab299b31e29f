import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api/http';

/**
 * GET /api/analytics/quotes.csv?days= through the app's http client (a plain link could not send
 * the bearer token), saved as `quotes-<days>d.csv` from a Blob and an object URL.
 */
export async function downloadQuotesCsv(days: number): Promise<void> {
  const response = await http.get<Blob>(`/api/analytics/quotes.csv?days=${String(days)}`, { responseType: 'blob', headers: { Accept: 'text/csv' } });
  const blob = response.data instanceof Blob ? response.data : new Blob([String(response.data)], { type: 'text/csv' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `quotes-${String(days)}d.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloading the period's quotes; `isPending` while the file is on its way. */
export function useDownloadQuotesCsv() {
  return useMutation({ mutationFn: (days: number) => downloadQuotesCsv(days) });
}
