import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  businessReviewSchema,
  reviewReportReceiptSchema,
  reviewsResponseSchema,
  type BusinessReview,
  type ReportReviewBody,
  type ReviewSummary,
} from '../../../../shared/contracts/reviews';
import { getEnvelope, type ReadOptions } from '../../lib/api/get-data';
import { sendData } from '../../lib/api/send-data';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (rating: number | null) => [...reviewKeys.all, 'list', rating] as const,
};

/** `GET /api/reviews?rating&cursor`: a page of the business's reviews with the summary of all of them. */
export function listReviews(
  rating: number | null,
  cursor: string | null,
  options?: ReadOptions,
): Promise<{ data: BusinessReview[]; summary: ReviewSummary; nextCursor: string | null }> {
  const params = new URLSearchParams();
  if (rating) params.set('rating', String(rating));
  if (cursor) params.set('cursor', cursor);
  return getEnvelope(reviewsResponseSchema, `/api/reviews?${params.toString()}`, options);
}

/** The reviews, page after page; a change of filter keeps the last rows shown while it loads. */
export function useReviews(rating: number | null) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(rating),
    queryFn: ({ pageParam, signal }) => listReviews(rating, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** `PUT /api/reviews/:id/reply`: writes or edits the public reply; the lists are read again. */
export function useReplyToReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendData('put', businessReviewSchema, `/api/reviews/${encodeURIComponent(id)}/reply`, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** `POST /api/reviews/:id/report`: support is asked to look at it, once; it stays published, and the lists are read again (they say when it was reported). */
export function useReportReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportReviewBody) => sendData('post', reviewReportReceiptSchema, `/api/reviews/${encodeURIComponent(id)}/report`, body),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
