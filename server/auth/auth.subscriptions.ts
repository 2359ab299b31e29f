import type { AuthDeps } from './auth-deps';

type AfterCommit = { afterCommit(callback: () => void): void };

/**
 * Sessions other modules end (a deleted business, a removed or departed member) are refused by
 * this instance as soon as the change commits: the session cache is dropped then, not before.
 */
export function subscribeAuth(deps: Pick<AuthDeps, 'events' | 'sessions'>): void {
  const forget = (userIds: readonly string[], context: AfterCommit) => context.afterCommit(() => deps.sessions.ended(userIds));
  deps.events.subscribe('business.deleted', ({ userIds }, context) => forget(userIds, context));
  deps.events.subscribe('team.member-removed', ({ userId }, context) => forget([userId], context));
  deps.events.subscribe('team.member-left', ({ userId }, context) => forget([userId], context));
}
