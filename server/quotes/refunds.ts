import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { JobRunner } from '../core/jobs/job-runner';
import { grantCredits } from '../credits';
import { quoteChanged } from './quote-history';
import { creditCount, DAY_MS, type QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';

/** The job that refunds a quote its customer never opened (README: Marketplace, Lead cost and refunds); set when the quote is sent. */
export const REFUND_JOB = 'quotes.refund-unopened';
export const REFUND_AFTER_MS = 7 * DAY_MS;

/** Gives the quote's credits back, once (README: Marketplace, Lead cost and refunds). */
export async function refundQuote(deps: QuotesDeps, trx: Kysely<DB>, quote: QuoteRow, why: string): Promise<boolean> {
  if (!(await repo.markRefunded(trx, quote.id, deps.clock.now()))) return false;
  await grantCredits(deps, trx, { vendorId: quote.vendor_id, amount: Number(quote.lead_cost), reason: 'refund', quoteId: quote.id, note: why });
  return true;
}

/** Seven days after a quote was sent: refunded if the couple has not opened it (and it was not refunded already). */
export function defineRefundJob(runner: JobRunner, deps: QuotesDeps): void {
  runner.define<{ quoteId: string }>({
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
}
