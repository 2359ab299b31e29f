import type { JobRunner } from '../core/jobs/job-runner';
import { defineMatchJobs } from './matches';
import type { QuotesDeps } from './quotes.deps';
import { defineRefundJob } from './refunds';

/** The quote lifecycle on the clock (docs/marketplace.md, Quote lifecycle): each job is defined beside the use case that sets it. */
export function defineQuoteJobs(runner: JobRunner, deps: QuotesDeps): void {
  defineMatchJobs(runner, deps);
  defineRefundJob(runner, deps);
}
