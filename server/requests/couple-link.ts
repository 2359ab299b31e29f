import type { Kysely } from 'kysely';
import { daysBetween, todayOf } from '../../shared/marketplace/calendar-days';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { toCoupleRequest, type CoupleRequest } from './couple-request';
import * as repo from './requests.repository';

/** How long after its event date a customer's link still opens their request (docs/marketplace.md). */
export const LINK_DAYS_AFTER_EVENT = 365;

/** The signed link a customer acts through (docs/marketplace.md: `PUBLIC_URL/requests/<token>`). */
export function customerLink(deps: Pick<CoreDeps, 'links' | 'publicUrl'>, requestId: string): string {
  return `${deps.publicUrl}/requests/${deps.links.sign('request', requestId)}`;
}

/** The one answer for a link that is not a request's: unknown, malformed and tampered alike (docs/marketplace.md). */
export function noSuchRequest(): AppError {
  return new AppError(404, 'not-found', 'This link is not valid. Open the link in your latest email from us.');
}

/** The request a customer's link points at, or 404: for an unknown or tampered link, and once the link has ended (a year after the event). */
export async function requestOfLink(deps: Pick<CoreDeps, 'links' | 'clock'>, db: Kysely<DB>, token: string): Promise<CoupleRequest> {
  const id = deps.links.verify('request', token);
  const row = id ? await repo.findRequest(db, id) : undefined;
  if (!row || daysBetween(row.event_date, todayOf(deps.clock.now())) > LINK_DAYS_AFTER_EVENT) throw noSuchRequest();
  return toCoupleRequest(row);
}
