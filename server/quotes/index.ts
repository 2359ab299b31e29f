/**
 * The quotes module: customers' requests and the quotes businesses answer them with (README:
 * Marketplace). Customers act through a signed link; businesses through their lists and quote
 * pages. Matching decides who gets a request; credits pay for quoting; the lifecycle runs on the
 * job runner's clock.
 */
export { defineQuoteJobs } from './quotes.jobs';
export { quotesRouter } from './quotes.router';
export { createQuoteListCache } from './quote-list-cache';
export { createQuoteListFastPath } from './quote-list-fast-path';
export type { QuotesDeps } from './quotes.service';
// The couple's signed link, for the mails that carry it (notifications sign it from a request's id).
export { customerLink } from './quotes.service';
export { requestsRouter } from './requests.router';
// The use cases, for the demo seed and scripts that act as a customer or a business would.
export { declineQuote, getQuote, listQuotes, submitQuote } from './quotes.service';
export { acceptQuote, confirmRequest, createRequest, rejectQuote, withdrawRequest } from './requests.service';
export { importQuoteHistory } from './quote-import';
export type { QuoteRequestsTable, QuotesTable } from './quotes.table';
// The business's booked events, for its calendar (the availability module).
export { bookedEvents, type BookedEvent } from './booked-events';
export { quotesMigrations } from './migrations';
