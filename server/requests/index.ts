/**
 * The requests module: a couple's request for quotes and the signed link they act through
 * (README: Marketplace). It stores the request, mails nothing itself (notifications hears
 * `request.created`), and publishes `request.confirmed` and `request.withdrawn`, which the quotes
 * module answers by matching the request (a job, which `startMatching` lets run once) or closing
 * its quotes.
 */
export { type CoupleRequest } from './couple-request';
export { defineRequestJobs } from './requests.jobs';
export { linkOf, requestsRouter } from './requests.router';
export {
  bookRequest,
  confirmRequest,
  coupleRequests,
  createRequest,
  customerLink,
  findCoupleRequest,
  requestOfLink,
  startMatching,
  withdrawRequest,
  type RequestsDeps,
} from './requests.service';
export type { QuoteRequestsTable } from './requests.table';
export { requestsMigrations } from './migrations';
