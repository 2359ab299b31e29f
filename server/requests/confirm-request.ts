import { daysBetween, startOfDayAfter, todayOf } from '../../shared/marketplace/calendar-days';
import type { CoreDeps } from '../core/deps';
import { requestOfLink } from './couple-link';
import type { CoupleRequest } from './couple-request';
import { REQUEST_JOBS } from './requests.jobs';
import * as repo from './requests.repository';

/**
 * `POST /api/public/requests/:token/confirm`: the customer opened their link, so the request is
 * real: it opens, awaiting its match, and `request.confirmed` has it matched (the quotes module,
 * by a job: the couple's page answers at once and says vendors are being found; docs/marketplace.md, Requests and matching). Once: a second call changes nothing. Confirmed on the day
 * of the event or after it (the link is older than the event), it closes instead: no business
 * may pay for it.
 */
export async function confirmRequest(deps: Pick<CoreDeps, 'links' | 'clock' | 'database' | 'events' | 'jobs'>, token: string): Promise<CoupleRequest> {
  const request = await requestOfLink(deps, deps.database.db, token);
  const now = deps.clock.now();
  await deps.database.writeTransaction(async (trx) => {
    if (daysBetween(todayOf(now), request.eventDate) < 1) {
      await repo.moveRequest(trx, request.id, ['unconfirmed'], 'closed', now, { confirmed_at: now });
      return;
    }
    if (!(await repo.moveRequest(trx, request.id, ['unconfirmed'], 'open', now, { confirmed_at: now, awaiting_match: 1 }))) return;
    await deps.events.publish(trx, 'request.confirmed', { requestId: request.id, category: request.categoryId, eventDate: request.eventDate });
    await deps.jobs.enqueue(trx, {
      name: REQUEST_JOBS.closeAfterEvent,
      payload: { requestId: request.id },
      runAt: startOfDayAfter(request.eventDate),
      dedupeKey: request.id,
    });
  });
  return request;
}
