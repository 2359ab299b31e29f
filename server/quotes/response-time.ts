import type { Kysely } from 'kysely';
import type { ResponseTime } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import { MINUTE_MS } from '../../shared/time/durations';

/** Answered leads a business needs before its profile says "Usually responds within N hours". */
export const PROFILE_MIN_ANSWERED = 5;

/**
 * Records the business's first answer to a lead (docs/marketplace.md, Response time): its quote,
 * its decline or a message it wrote, whichever came first; a later answer never moves it. In the
 * transaction of the answer (the subscriptions' `trx`), at the server clock's time.
 */
export async function recordFirstResponse(deps: Pick<QuotesDeps, 'clock'>, trx: Kysely<DB>, quoteId: string): Promise<void> {
  await repo.markFirstResponse(trx, quoteId, deps.clock.now());
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * How the business answered the leads it received from `since` (epoch ms) on: how many, how many
 * it answered, the share answered, and the median wait for a first answer in whole minutes (nulls
 * when there is nothing to divide by). The dashboard asks for the last 90 days; a public profile
 * may use it for "Usually responds within N hours" (`usualResponseHours`).
 */
export async function responseStats(db: Kysely<DB>, vendorId: string, since: number): Promise<ResponseTime> {
  return statsOf(await repo.responseWaits(db, vendorId, since));
}

/** The stats of a business's waits for a first answer (ms; null: never answered). */
function statsOf(waits: readonly (number | null)[]): ResponseTime {
  const answered = waits.filter((wait): wait is number => wait !== null).sort((a, b) => a - b);
  const middle = median(answered);
  return {
    medianMinutes: middle === null ? null : Math.round(middle / MINUTE_MS),
    responseRate: waits.length === 0 ? null : answered.length / waits.length,
    answered: answered.length,
    leads: waits.length,
  };
}

/** N of "Usually responds within N hours" (the median wait, rounded up, at least 1), once `PROFILE_MIN_ANSWERED` leads are answered; null before. */
export function usualResponseHours(stats: ResponseTime): number | null {
  if (stats.answered < PROFILE_MIN_ANSWERED || stats.medianMinutes === null) return null;
  return Math.max(1, Math.ceil(stats.medianMinutes / 60));
}

/**
 * `usualResponseHours` of several businesses (the directory's cards) from the leads they received
 * from `since` on, by id: one query for all of them, never one per business. Null for one that has
 * not answered `PROFILE_MIN_ANSWERED` leads.
 */
export async function usualResponseHoursOf(db: Kysely<DB>, vendorIds: readonly string[], since: number): Promise<Map<string, number | null>> {
  const byVendor = new Map<string, (number | null)[]>(vendorIds.map((id) => [id, []]));
  for (const { vendorId, wait } of await repo.responseWaitsOf(db, vendorIds, since)) byVendor.get(vendorId)?.push(wait);
  const hours = new Map<string, number | null>();
  for (const [vendorId, waits] of byVendor) hours.set(vendorId, usualResponseHours(statsOf(waits)));
  return hours;
}
