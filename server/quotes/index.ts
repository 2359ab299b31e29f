/**
 * The quotes module: the businesses' answers to couples' requests (docs/marketplace.md, Quote
 * lifecycle). It matches a request once the couple confirms it (`request.confirmed`, from the
 * requests module; by a job, after the confirm has answered), lets a business quote or decline
 * from its lists and quote pages, lets the couple accept or turn a quote down from their page,
 * and runs the lifecycle on the job runner's clock. Credits pay for quoting.
 */
export { coupleRouter } from './couple.router';
export { createQuoteListCache } from './quote-list-cache';
export { createQuoteListFastPath } from './quote-list-fast-path';
export { defineQuoteJobs } from './quotes.jobs';
export type { QuotesDeps } from './quotes.deps';
export { quotesRouter } from './quotes.router';
export { subscribeQuotes } from './quotes.subscriptions';
// The couple's page, which the requests module's confirm and withdraw answer with.
export { customerPage } from './couple.service';
// The use cases, for the demo seed and scripts that act as a customer or a business would.
export { acceptQuote, rejectQuote } from './couple.service';
export { declineQuote } from './decline-quote';
export { getQuote } from './get-quote';
export { listQuotes } from './list-quotes';
export { submitQuote } from './submit-quote';
export { importQuoteHistory } from './quote-import';
export type { QuotesTable } from './quotes.table';
// The business's booked events, for its calendar (the availability module).
export { bookedEvents, type BookedEvent } from './booked-events';
export { quotesMigrations } from './migrations';
export { vendorContact, type VendorContact } from './vendor-contact';
export { quoteFacts, type QuoteFacts } from './quote-facts';
// How the business answers its leads: the dashboard's response time, and a public profile's "Usually responds within N hours".
export { PROFILE_MIN_ANSWERED, responseStats, usualResponseHours, usualResponseHoursOf } from './response-time';
export {
  leadsForExport,
  periodActivity,
  type BookingActivity,
  type LeadActivity,
  type SentActivity,
  type LeadExportRow,
  type MonthBucket,
  type MonthCounts,
  type Period,
  type PeriodActivity,
} from './quote-activity';
// The analytics' aggregates, summed in SQL (medians too).
export { medianWait, peerStanding, unansweredMatches, type OwnFigures, type PeerStanding } from './quote-stats';
