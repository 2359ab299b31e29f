import type { JobRunner } from '../core/jobs/job-runner';
import * as repo from './quotes.repository';
import { QUOTE_JOBS, refundQuote } from './requests.service';
import { REFUND_JOB, creditCount, quoteChanged, type QuotesDeps } from './quotes.service';

interface QuoteJob {
  quoteId: string;
}

interface RequestJob {
  requestId: string;
}

/**
 * The quote lifecycle on the clock (README: Marketplace, Quote lifecycle): each job looks at the
 * quote as it is when it runs, so one whose quote moved on meanwhile does nothing. Set when the
 * match is made (expiry, the day after the event) or quoted (the refund check).
 */
export function defineQuoteJobs(runner: JobRunner, deps: QuotesDeps): void {
  runner.define<QuoteJob>({
    name: QUOTE_JOBS.expireMatch,
    handler: async ({ quoteId }) => {
      await deps.database.writeTransaction(async (trx) => {
        const quote = await repo.findQuote(trx, quoteId);
        if (!quote || !(await repo.moveQuote(trx, quote.id, ['potential'], 'closed', deps.clock.now(), { closed_reason: 'expired' }))) return;
        await quoteChanged(deps, trx, quote, { status: 'closed', previous: 'potential', actor: 'system', note: 'Not quoted within 30 days' });
      });
    },
  });

  runner.define<QuoteJob>({
    name: QUOTE_JOBS.afterEvent,
    handler: async ({ quoteId }) => {
      await deps.database.writeTransaction(async (trx) => {
        const quote = await repo.findQuote(trx, quoteId);
        if (!quote) return;
        const now = deps.clock.now();
        if (quote.status === 'accepted') {
          if (!(await repo.moveQuote(trx, quote.id, ['accepted'], 'completed', now))) return;
          await quoteChanged(deps, trx, quote, { status: 'completed', previous: 'accepted', actor: 'system', note: 'The event took place' });
        } else if (await repo.moveQuote(trx, quote.id, ['potential', 'submitted'], 'closed', now, { closed_reason: 'event-passed' })) {
          await quoteChanged(deps, trx, quote, { status: 'closed', previous: quote.status, actor: 'system', note: 'The event date passed' });
        }
        await repo.moveRequest(trx, quote.request_id, ['open'], 'closed', now);
      });
    },
  });

  runner.define<QuoteJob>({
    name: REFUND_JOB,
    handler: async ({ quoteId }) => {
      await deps.database.writeTransaction(async (trx) => {
        const quote = await repo.findQuote(trx, quoteId);
        if (!quote || quote.submitted_at === null || quote.customer_viewed_at !== null || Number(quote.refunded) === 1) return;
        if (!(await refundQuote(deps, trx, quote, 'The couple did not open your quote within 7 days'))) return;
        await quoteChanged(deps, trx, quote, {
          status: quote.status,
          previous: quote.status,
          actor: 'system',
          note: `${creditCount(Number(quote.lead_cost))} refunded: not opened within 7 days`,
          refunded: true,
        });
      });
    },
  });

  runner.define<RequestJob>({
    name: QUOTE_JOBS.closeUnmatched,
    handler: async ({ requestId }) => {
      await deps.database.writeTransaction(async (trx) => {
        await repo.moveRequest(trx, requestId, ['open'], 'closed', deps.clock.now());
      });
    },
  });

  runner.define<RequestJob>({
    name: QUOTE_JOBS.expireUnconfirmed,
    handler: async ({ requestId }) => {
      await deps.database.writeTransaction(async (trx) => {
        await repo.moveRequest(trx, requestId, ['unconfirmed'], 'closed', deps.clock.now());
      });
    },
  });
}
