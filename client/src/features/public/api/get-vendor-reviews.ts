import { useInfiniteQuery } from '@tanstack/react-query';
import { publicReviewsPageSchema } from '../../../../../shared/contracts/public-vendors';
import { getJson, type ReadOptions } from '../../../lib/api/get-data';
import { publicKeys } from './public-keys';

/** GET /api/public/vendors/:adminId/reviews?cursor=: the reviews after `cursor`, newest first. */
export function getVendorReviews(vendorId: string, cursor: string, options?: ReadOptions) {
  const query = new URLSearchParams({ cursor });
  return getJson(publicReviewsPageSchema, `/api/public/vendors/${encodeURIComponent(vendorId)}/reviews?${query}`, options);
}

/**
 * The reviews past those the profile came with, a page per "More reviews"; nothing is read until
 * the first click (`firstCursor` is the profile's `reviewsNextCursor`).
 */
export function useMoreReviews(vendorId: string, firstCursor: string | null) {
  return useInfiniteQuery({
    queryKey: publicKeys.reviews(vendorId),
    queryFn: ({ pageParam, signal }) => getVendorReviews(vendorId, pageParam, { signal }),
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: false,
  });
}
