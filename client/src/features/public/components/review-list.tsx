import { Button, Typography } from 'antd';
import type { PublicReview } from '../../../../../shared/contracts/public-vendors';
import { problemOf } from '../../../lib/forms/server-errors';
import { useMoreReviews } from '../api/get-vendor-reviews';
import { reviewDate } from '../public-text';
import { StarRating } from './star-rating';

/** One published review: who, how many stars, when, what they wrote, and the business's reply under it. */
function ReviewItem({ review, vendorName }: { review: PublicReview; vendorName: string }) {
  return (
    <li className="review-item">
      <div className="review-item__head">
        <StarRating value={review.rating} />
        <Typography.Text strong>{review.author}</Typography.Text>
        <Typography.Text type="secondary">
          <time dateTime={new Date(review.createdAt).toISOString()}>{reviewDate(review.createdAt)}</time>
        </Typography.Text>
      </div>
      {review.title && (
        <Typography.Title level={3} className="review-item__title">
          {review.title}
        </Typography.Title>
      )}
      <Typography.Paragraph className="review-item__body">{review.body}</Typography.Paragraph>
      {review.reply && (
        <blockquote className="review-item__reply">
          <Typography.Text strong>{`Reply from ${vendorName}`}</Typography.Text>
          <Typography.Paragraph className="review-item__reply-body">{review.reply}</Typography.Paragraph>
        </blockquote>
      )}
    </li>
  );
}

interface ReviewListProps {
  vendorId: string;
  vendorName: string;
  /** The newest reviews, as the profile came with them. */
  first: readonly PublicReview[];
  /** The profile's `reviewsNextCursor`: where "More reviews" goes on, null when there is no more. */
  nextCursor: string | null;
}

/** The reviews, newest first, with "More reviews" while the business has more. */
export function ReviewList({ vendorId, vendorName, first, nextCursor }: ReviewListProps) {
  const more = useMoreReviews(vendorId, nextCursor);
  const loaded = more.data?.pages.flatMap((page) => page.data) ?? [];
  const hasMore = more.data ? more.hasNextPage : nextCursor !== null;
  const loadMore = () => void (more.data ? more.fetchNextPage() : more.refetch());
  return (
    <>
      <ul className="review-list">
        {[...first, ...loaded].map((review) => (
          <ReviewItem key={review.id} review={review} vendorName={vendorName} />
        ))}
      </ul>
      {more.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {problemOf(more.error)?.detail ?? 'More reviews could not be loaded. Check your connection, then try again.'}
        </Typography.Paragraph>
      )}
      {hasMore && (
        <Button onClick={loadMore} loading={more.isFetching}>
          More reviews
        </Button>
      )}
    </>
  );
}
