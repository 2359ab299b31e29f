import { redirect, type LoaderFunction } from 'react-router-dom';
import type { Route } from '../../../../shared/contracts/route';
import { evaluateGuard } from '../../../../shared/guard/evaluate-guard';
import type { ClientConfig } from '../../lib/config/client-config';
import { reportGuardBounce } from '../../lib/router/guard-bounce';
import { endExpiredSession, readSession } from '../../lib/session/session';
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
    // A tab left open past the session's end goes to sign-in now, not to a page the server refuses.
    endExpiredSession();
    const decision = evaluateGuard(route, { session: readSession(), ability: currentAbility(), rules: config.guardRules });
    if (!decision.allow) {
      const target = config.table.pathOf(decision.redirectTo);
      // Sent back to the screen the vendor is on: the page stays as it was, so say why.
      if (route && window.location.pathname === target) reportGuardBounce({ rule: decision.rule, attempted: route.meta.title ?? route.name });
      return redirect(target);
    }
    await page?.preload();
    return null;
  };
}
