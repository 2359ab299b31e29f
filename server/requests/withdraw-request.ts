import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { requestOfLink } from './couple-link';
import type { CoupleRequest } from './couple-request';
import * as repo from './requests.repository';

/**
 * `POST /api/public/requests/:token/withdraw`: the customer no longer needs quotes; the request is
 * withdrawn and `request.withdrawn` closes its open quotes (the quotes module, which refunds a
 * quote the couple never opened). A booked request is not withdrawn here: the booking is between
 * the couple and the vendor.
 */
export async function withdrawRequest(deps: Pick<CoreDeps, 'links' | 'clock' | 'database' | 'events'>, token: string): Promise<CoupleRequest> {
  const request = await requestOfLink(deps, deps.database.db, token);
  await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.moveRequest(trx, request.id, ['unconfirmed', 'open'], 'withdrawn', deps.clock.now()))) {
      throw new AppError(
        409,
        'conflict',
        request.status === 'booked' ? 'This request is booked. Write to your vendor to change plans.' : 'This request is already closed.',
      );
    }
    await deps.events.publish(trx, 'request.withdrawn', { requestId: request.id });
  });
  return request;
}
