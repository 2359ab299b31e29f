import { useMatches } from 'react-router-dom';
import type { Route } from '../../../../shared/contracts/route';

/** What each route object carries for the layouts and the document title. */
export interface RouteHandle {
  route: Route;
}

/** The config route of the deepest match that has one (layout routes have none). */
export function useCurrentRoute(): Route | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
