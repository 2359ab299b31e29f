import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import type { JobRunner } from '../core/jobs/job-runner';
import { findCoupleRequest } from '../requests';
import * as repo from './messages.repository';
import type { MessageThreadRow } from './messages.table';

/**
 * How long a business's message waits before it is mailed to the couple (docs/marketplace.md: Messages). A
 * couple with the page open reads it within a second (live updates), and what they read is not
 * mailed at all.
 */
export const COUPLE_MAIL_DELAY_MS = 60_000;
/** At most one mail to the couple per thread per this long; the next one carries everything new since. */
export const COUPLE_MAIL_INTERVAL_MS = 10 * 60_000;

export const COUPLE_MAIL_JOB = 'messages.mail-couple';

interface CoupleMailJob {
  quoteId: string;
}

/** The end of the quiet period after the last mail to the couple about `thread` (0 before the first). */
function quietUntil(thread: Pick<MessageThreadRow, 'couple_mailed_at'>): number {
  return thread.couple_mailed_at === null ? 0 : Number(thread.couple_mailed_at) + COUPLE_MAIL_INTERVAL_MS;
}

/**
 * A business's message was written in `trx`: its mail to the couple is planned. One job per
 * message, never merged with another: a message written while a run reads the thread still has
 * its own run to come.
 */
export function planCoupleMail(deps: Pick<CoreDeps, 'jobs'>, trx: Kysely<DB>, thread: MessageThreadRow, now: number): Promise<void> {
  const runAt = Math.max(now + COUPLE_MAIL_DELAY_MS, quietUntil(thread));
  return deps.jobs.enqueue<CoupleMailJob>(trx, { name: COUPLE_MAIL_JOB, payload: { quoteId: thread.quote_id }, runAt });
}

/**
 * The run: every message of the business the couple has neither read nor been mailed goes out in
 * one mail (`messages.due-to-couple`, which notifications mail), unless the quiet period since the
 * last mail is not over, when a run at its end is planned (one per thread). Nothing is mailed
 * when the couple read everything first.
 */
export function defineMessageJobs(runner: JobRunner, deps: Pick<CoreDeps, 'database' | 'clock' | 'events' | 'jobs'>): void {
  runner.define<CoupleMailJob>({
    name: COUPLE_MAIL_JOB,
    handler: async ({ quoteId }) => {
      await deps.database.writeTransaction(async (trx) => {
        const thread = await repo.findThreadForUpdate(trx, quoteId, deps.database.dialect);
        if (!thread) return;
        const unmailed = await repo.unmailedToCouple(trx, quoteId);
        if (unmailed.length === 0) return;
        const now = deps.clock.now();
        const due = quietUntil(thread);
        if (now < due) {
          await deps.jobs.enqueue<CoupleMailJob>(trx, { name: COUPLE_MAIL_JOB, payload: { quoteId }, runAt: due, dedupeKey: quoteId });
          return;
        }
        await repo.noteCoupleMailed(
          trx,
          quoteId,
          unmailed.map((message) => message.id),
          now,
        );
        const request = await findCoupleRequest(trx, thread.request_id);
        if (!request) return;
        await deps.events.publish(trx, 'messages.due-to-couple', {
          quoteId,
          requestId: thread.request_id,
          vendorId: thread.vendor_id,
          customerName: thread.customer_name,
          customerEmail: request.customerEmail,
          messages: unmailed.map((message) => ({ body: message.body, createdAt: Number(message.created_at) })),
        });
      });
    },
  });
}
