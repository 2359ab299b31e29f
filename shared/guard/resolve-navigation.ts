import { normalizePath } from '../routes/normalize-path';
import type { RouteTable } from '../routes/route-table';
import { evaluateGuard, type GuardContext } from './evaluate-guard';

/** The final outcome of a navigation once every redirect has been followed. */
export interface NavigationOutcome {
  /** Final path, or null when the requested path is allowed as it is. */
  redirect: string | null;
  /** Id of the first rule that fired, or null. */
  rule: string | null;
  /** Every path visited, the requested one first. */
  hops: string[];
}

/** Thrown when the rules send a navigation round in a circle. */
export class RedirectLoopError extends Error {
  constructor(readonly hops: string[]) {
    super(`Redirect loop: ${hops.join(' → ')}`);
    this.name = 'RedirectLoopError';
  }
}

/** Upper bound on hops; the rules are finite, this only guards against a loop the check missed. */
const MAX_HOPS = 32;

/**
 * Follows the guard from `path` to the page it finally allows, as the client router does when
 * each redirect triggers the next navigation. A path seen twice is a loop (RedirectLoopError).
 */
export function resolveNavigation(table: RouteTable, context: GuardContext, path: string): NavigationOutcome {
  const requested = normalizePath(path);
  const hops = [requested];
  let current = requested;
  let firstRule: string | null = null;
  for (;;) {
    const match = table.match(current);
    const decision = evaluateGuard(match?.route ?? null, context);
    if (decision.allow) {
      return { redirect: current === requested ? null : current, rule: firstRule, hops };
    }
    firstRule ??= decision.rule;
    current = table.pathOf(decision.redirectTo);
    if (hops.includes(current) || hops.length >= MAX_HOPS) throw new RedirectLoopError([...hops, current]);
    hops.push(current);
  }
}
