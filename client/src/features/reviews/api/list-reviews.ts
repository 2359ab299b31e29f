import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { reviewsResponseSchema, type BusinessReview, type ReviewSummary } from '../../../../../shared/contracts/reviews';
import { getEnvelope, type ReadOptions } from '../../../lib/api/get-data';
import { reviewKeys } from './review-keys';

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
