/**
 * The reviews module (docs/marketplace.md: Reviews): a couple reviews a completed booking once, through their
 * link; the review is published at once with the business's one public reply; a business may
 * report a review to support, never hide it.
 */
export { reviewsMigrations } from './migrations';
export { reviewsRouter } from './reviews.router';
// What a business's public profile and the directory show of its reviews.
export { publishedReviews, ratingsOf, reviewsChangedAt, reviewSummary } from './public-reviews';
