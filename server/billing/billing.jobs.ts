import type { JobRunner } from '../core/jobs/job-runner';
import { BILLING_JOBS, type BillingDeps, type RenewJob, type RetryJob } from './billing.deps';
import { renew, retryInvoice } from './renewals';
import { handleWebhookEvent, type WebhookJob } from './billing.webhooks';

/**
 * Billing on the clock (docs/billing.md): each plan renews at its period's end, a failed renewal
 * is retried after 3 and 5 days, and the provider's webhooks are handled. Every job looks at the
 * account as it is when it runs, so one whose period or invoice moved on does nothing.
 */
export function defineBillingJobs(runner: JobRunner, deps: BillingDeps): void {
  runner.define<RenewJob>({ name: BILLING_JOBS.renew, handler: (job) => renew(deps, job) });
  runner.define<RetryJob>({ name: BILLING_JOBS.retry, handler: (job) => retryInvoice(deps, job) });
  runner.define<WebhookJob>({ name: BILLING_JOBS.webhook, handler: (job) => handleWebhookEvent(deps, job) });
}
