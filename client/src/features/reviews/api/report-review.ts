import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewReportReceiptSchema, type ReportReviewBody } from '../../../../../shared/contracts/reviews';
import { sendData } from '../../../lib/api/send-data';
import { reviewKeys } from './review-keys';

/** `POST /api/reviews/:id/report`: support is asked to look at it, once; it stays published, and the lists are read again (they say when it was reported). */
export function useReportReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportReviewBody) => sendData('post', reviewReportReceiptSchema, `/api/reviews/${encodeURIComponent(id)}/report`, body),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
