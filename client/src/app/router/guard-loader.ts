import { redirect, type LoaderFunction } from 'react-router-dom';
import type { Route } from '../../../../shared/contracts/route';
import { evaluateGuard } from '../../../../shared/guard/evaluate-guard';
import type { ClientConfig } from '../../lib/config/client-config';
import { readSession } from '../../lib/session/session';
import type { LazyPage } from './lazy-page';

/**
 * A route's loader: runs the shared guard before the page renders (a redirect replaces the
 * navigation, whose own loader runs the guard again), then waits for the page's chunk.
 * `route` null is the catch-all for unknown paths.
 */
export function guardLoader(config: ClientConfig, route: Route | null, page: LazyPage | null): LoaderFunction {
  return async () => {
    // CASL is a chunk of its own, fetched with the first navigation's guard.
    const { currentAbility } = await import('../../lib/ability/ability-context');
    const decision = evaluateGuard(route, { session: readSession(), ability: currentAbility(), rules: config.guardRules });
    if (!decision.allow) return redirect(config.table.pathOf(decision.redirectTo));
    await page?.preload();
    return null;
  };
}
