import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessReviewSchema } from '../../../../../shared/contracts/reviews';
import { sendData } from '../../../lib/api/send-data';
import { reviewKeys } from './review-keys';

/** `PUT /api/reviews/:id/reply`: writes or edits the public reply; the lists are read again. */
export function useReplyToReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendData('put', businessReviewSchema, `/api/reviews/${encodeURIComponent(id)}/reply`, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
