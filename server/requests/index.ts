/**
 * The requests module: a couple's request for quotes and the signed link they act through
 * (docs/marketplace.md). It stores the request, mails nothing itself (notifications hears
 * `request.created`), and publishes `request.confirmed` and `request.withdrawn`, which the quotes
 * module answers by matching the request (a job, which `startMatching` lets run once) or closing
 * its quotes.
 */
export { type CoupleRequest } from './couple-request';
export { defineRequestJobs } from './requests.jobs';
export { linkOf, requestsRouter } from './requests.router';
export { confirmRequest } from './confirm-request';
export { customerLink, requestOfLink } from './couple-link';
export { createRequest } from './create-request';
export { bookRequest, coupleRequests, findCoupleRequest, startMatching } from './request-reads';
export type { RequestsDeps } from './requests.deps';
export { withdrawRequest } from './withdraw-request';
export type { QuoteRequestsTable } from './requests.table';
export { requestsMigrations } from './migrations';
