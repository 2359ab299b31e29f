import { ForbiddenError } from '@casl/ability';
import type { Quote } from '../../shared/contracts/marketplace';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { writeToCouple } from '../messages';
import { findCoupleRequest } from '../requests';
import { quoteChanged } from './quote-history';
import { noSuchQuote, toQuote } from './quote-row';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';

/**
 * `POST /api/quotes/:id/decline`: a potential match the business will not quote closes, for free.
 * With `message`, the couple is told in the quote's thread, in the same transaction.
 */
export async function declineQuote(deps: QuotesDeps, auth: AuthContext, id: string, reason: string | undefined, message?: string): Promise<Quote> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  if (message !== undefined) ForbiddenError.from(auth.ability).throwUnlessCan('create', 'Message');
  const db = deps.database.db;
  const found = await repo.findQuoteOf(db, auth.vendorId, id);
  if (!found) throw noSuchQuote();
  const request = await findCoupleRequest(db, found.request_id);
  if (!request) throw noSuchQuote();
  const now = deps.clock.now();
  const moved = await deps.database.writeTransaction(async (trx) => {
    const moved = await repo.moveQuote(trx, id, ['potential'], 'closed', now, {
      closed_reason: 'declined',
      decline_reason: reason?.trim() || null,
      vendor_viewed_at: found.vendor_viewed_at ?? now,
    });
    if (!moved) throw new AppError(409, 'conflict', 'Only a request you have not quoted can be declined.');
    await quoteChanged(
      deps,
      trx,
      found,
      {
        status: 'closed',
        previous: 'potential',
        actor: 'vendor',
        note: reason?.trim() ? `Declined: ${reason.trim()}` : 'Declined',
        closedReason: 'declined',
      },
      request,
    );
    if (message !== undefined) await writeToCouple(deps, trx, id, message);
    return moved;
  });
  return toQuote(moved, request);
}
