import { GUARD_ROUTES } from './rule-ids';

/**
 * Where to go right after login (docs/specification.md §4): admin → "/" (the guard then sends them on to
 * the dashboard or onboarding), client → access-control, any other or unknown role → login.
 * Returns a route name; `login` is the route at "/".
 */
export function homeRouteForRole(role: string | null | undefined): string {
  if (role === 'client') return GUARD_ROUTES.accessControl;
  return GUARD_ROUTES.login;
}
