import { createAbility } from '../../shared/ability/create-ability';
import type { NavigationRequest, NavigationResponse } from '../../shared/contracts/navigation';
import { RedirectLoopError, resolveNavigation } from '../../shared/guard/resolve-navigation';
import { AppError } from '../core/http/app-error';
import type { ConfigSnapshot } from './schema-store/snapshot';

/**
 * Runs the shared guard for a path and vendor state, following every redirect, with the
 * rules of the loaded schemas: the same answer the client router reaches.
 */
export function navigate(snapshot: ConfigSnapshot, request: NavigationRequest): NavigationResponse {
  const { vendor } = request;
  const context = {
    session: { vendor, hasToken: vendor !== null },
    ability: createAbility(vendor?.ability),
    rules: snapshot.config.guardRules,
  };
  try {
    const { redirect, rule } = resolveNavigation(snapshot.table, context, request.path);
    return { redirect, rule };
  } catch (error) {
    if (error instanceof RedirectLoopError) {
      throw new AppError(422, 'redirect-loop', `The guard rules send this vendor round in a loop: ${error.hops.join(' → ')}`);
    }
    throw error;
  }
}
