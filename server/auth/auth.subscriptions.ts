import type { AuthDeps } from './auth-deps';

/**
 * Sessions other modules end (a deleted business, a removed or departed member) are refused by
 * this instance as soon as the change commits: the session cache is dropped then, not before.
 */
export function subscribeAuth(deps: Pick<AuthDeps, 'events' | 'sessions'>): void {
  const forget = (_payload: unknown, context: { afterCommit(callback: () => void): void }) => context.afterCommit(() => deps.sessions.ended());
  deps.events.subscribe('business.deleted', forget);
  deps.events.subscribe('team.member-removed', forget);
  deps.events.subscribe('team.member-left', forget);
}
