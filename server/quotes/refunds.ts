import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { JobRunner } from '../core/jobs/job-runner';
import { grantCredits } from '../credits';
import { quoteChanged } from './quote-history';
import { creditCount, type QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';
import { HOUR_MS } from '../../shared/time/durations';

/** The job that refunds a quote its customer never opened (docs/marketplace.md, Lead cost and refunds); set when the quote is sent. */
export const REFUND_JOB = 'quotes.refund-unopened';

/** What the refund job carries: the quote, and the wait it was set with (app.json's when the quote was sent). */
export interface RefundJobPayload {
  quoteId: string;
  /** Absent from jobs set before the wait was configurable: those waited 7 days. */
  afterHours?: number;
}

/** The wait the jobs set before `marketplace.refundUnreadAfterHours` existed. */
const LEGACY_AFTER_HOURS = 7 * 24;

/**
 * The refund check for a quote sent now: after app.json's `marketplace.refundUnreadAfterHours`,
 * read now, so a changed setting applies to quotes sent from then on and each note names the wait
 * its quote had.
 */
export function refundCheck(deps: Pick<QuotesDeps, 'schemas'>, quoteId: string, now: number): { payload: RefundJobPayload; runAt: number } {
  const afterHours = deps.schemas().config.app.marketplace.refundUnreadAfterHours;
  return { payload: { quoteId, afterHours }, runAt: now + afterHours * HOUR_MS };
}

function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${String(hours)} hours`;
}

/** Gives the quote's credits back, once (docs/marketplace.md, Lead cost and refunds). */
export async function refundQuote(deps: QuotesDeps, trx: Kysely<DB>, quote: QuoteRow, why: string): Promise<boolean> {
  if (!(await repo.markRefunded(trx, quote.id, deps.clock.now()))) return false;
  await grantCredits(deps, trx, { vendorId: quote.vendor_id, amount: Number(quote.lead_cost), reason: 'refund', quoteId: quote.id, note: why });
  return true;
}

/** The wait after a quote was sent: refunded if the couple has not opened it (and it was not refunded already). */
export function defineRefundJob(runner: JobRunner, deps: QuotesDeps): void {
  runner.define<RefundJobPayload>({
    name: REFUND_JOB,
    handler: async ({ quoteId, afterHours }) => {
      const within = hoursText(afterHours ?? LEGACY_AFTER_HOURS);
      await deps.database.writeTransaction(async (trx) => {
        const quote = await repo.findQuote(trx, quoteId);
        if (!quote || quote.submitted_at === null || quote.customer_viewed_at !== null || Number(quote.refunded) === 1) return;
        if (!(await refundQuote(deps, trx, quote, `The couple did not open your quote within ${within}`))) return;
        await quoteChanged(deps, trx, quote, {
          status: quote.status,
          previous: quote.status,
          actor: 'system',
          note: `${creditCount(Number(quote.lead_cost))} refunded: not opened within ${within}`,
          refunded: true,
        });
      });
    },
  });
}
