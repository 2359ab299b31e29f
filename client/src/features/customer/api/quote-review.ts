import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewSchema, type CreateReviewBody, type Review } from '../../../../../shared/contracts/reviews';
import { getData } from '../../../lib/api/get-data';
import { sendData } from '../../../lib/api/send-data';
import { customerKeys } from './customer-keys';

function reviewUrl(token: string, quoteId: string): string {
  return `/api/public/requests/${encodeURIComponent(token)}/quotes/${encodeURIComponent(quoteId)}/review`;
}

const reviewKey = (token: string, quoteId: string) => [...customerKeys.request(token), 'review', quoteId] as const;

/** The couple's review of a completed booking, or null when they have not written one. */
export function useQuoteReview(token: string, quoteId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKey(token, quoteId),
    queryFn: ({ signal }) => getData(reviewSchema.nullable(), reviewUrl(token, quoteId), { signal }),
    enabled,
  });
}

/** Posting the review (once); the answer is the published review. */
export function usePostReview(token: string, quoteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => sendData('post', reviewSchema, reviewUrl(token, quoteId), body),
    onSuccess: (review) => client.setQueryData<Review | null>(reviewKey(token, quoteId), review),
  });
}
