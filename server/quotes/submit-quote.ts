import { ForbiddenError } from '@casl/ability';
import { quoteFormId } from '../config';
import { creditBalance, spendCredits } from '../credits';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { declaredAnswers } from '../forms';
import { findCoupleRequest } from '../requests';
import { quoteChanged } from './quote-history';
import { noSuchQuote, toQuote } from './quote-row';
import { creditCount, type QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import { refundCheck, REFUND_JOB } from './refunds';

/**
 * `POST /api/quotes/:id/submit`: quotes a potential match. In one transaction: the status moves
 * from potential (409 if it is not), the category's lead cost is spent (402 when the balance does
 * not cover it: nothing changes), the customer is mailed, and a refund check is set for when the
 * customer has not opened it within app.json's `marketplace.refundUnreadAfterHours`. The customer's
 * contact is revealed in the answer.
 */
export async function submitQuote(
  deps: QuotesDeps,
  auth: AuthContext,
  id: string,
  input: { priceCents: number; message: string; details?: Record<string, unknown> | undefined },
) {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  const db = deps.database.db;
  const found = await repo.findQuoteOf(db, auth.vendorId, id);
  if (!found) throw noSuchQuote();
  const form = deps.schemas().config.forms.get(quoteFormId(found.category_id));
  let details = input.details ?? {};
  if (form) {
    const errors = deps.validator.validate(form.payload.schema, details).map((error) => ({ path: `details.${error.path}`, message: error.message }));
    if (errors.length > 0) throw new AppError(400, 'validation-failed', 'Some fields need your attention.', errors);
    details = declaredAnswers(form.payload.schema, details);
  }
  // Read once: the couple's address for the mail in the transaction, and the quote's answer after.
  const request = await findCoupleRequest(db, found.request_id);
  if (!request) throw noSuchQuote();
  const now = deps.clock.now();
  const { moved, left } = await deps.database.writeTransaction(async (trx) => {
    const moved = await repo.moveQuote(trx, id, ['potential'], 'submitted', now, {
      price_cents: input.priceCents,
      message: input.message,
      details: JSON.stringify(details),
      submitted_at: now,
      vendor_viewed_at: found.vendor_viewed_at ?? now,
    });
    if (!moved)
      throw new AppError(
        409,
        'conflict',
        found.status === 'potential' ? 'This quote changed meanwhile. Reload it.' : 'This request was already answered or is closed.',
      );
    const left = await spendCredits(deps, trx, {
      vendorId: auth.vendorId,
      amount: Number(found.lead_cost),
      reason: 'lead',
      quoteId: id,
      note: `Quoted ${found.customer_name}, ${found.event_date}`,
    });
    if (left === null) {
      const have = await creditBalance(trx, auth.vendorId);
      throw new AppError(
        402,
        'insufficient-credits',
        `Quoting this request takes ${creditCount(Number(found.lead_cost))} and you have ${have}. Buy more credits to send it.`,
      );
    }
    await quoteChanged(
      deps,
      trx,
      found,
      {
        status: 'submitted',
        previous: 'potential',
        actor: 'vendor',
        note: `${creditCount(Number(found.lead_cost))} spent`,
      },
      request,
    );
    await deps.jobs.enqueue(trx, { name: REFUND_JOB, ...refundCheck(deps, id, now), dedupeKey: id });
    return { moved, left };
  });
  // The row the update answered: every field of the answer was set by it (the subscribers write
  // only the first response time, which the answer does not show).
  return { data: toQuote(moved, request), credits: { balance: left } };
}
