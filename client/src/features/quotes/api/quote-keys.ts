// The keys live in client/src/lib/quotes, beside the reads that the shell and the dashboard share with these screens.
export { quoteKeys } from '../../../lib/quotes/quote-keys';
