import type { AbilityRule } from '../contracts/vendor';

/** The roles (docs/security.md: Accounts and sessions): the account owner and invited team members. */
export const ROLES = { owner: 'admin', teamMember: 'client' } as const;

const TEAM_MEMBER_RULES: AbilityRule[] = [
  { action: 'read', subject: ['Auth', 'Dashboard', 'Settings'] },
  { action: 'manage', subject: ['Quote', 'Message', 'Review', 'Availability', 'Profile', 'Form'] },
  { action: 'update', subject: 'Account', fields: ['email', 'password', 'notifications'] },
  { action: 'leave', subject: 'Team' },
];

/**
 * CASL rules per role, built on the server and sent in the vendor record. The owner may do
 * everything (but leave the team: the business is theirs); a team member works the business but
 * has no billing, team management or account deletion, and may leave the team.
 * Anything else gets no rules (a guest's: read Auth only).
 */
export function rulesForRole(role: string): AbilityRule[] {
  if (role === ROLES.owner) return [{ action: 'manage', subject: 'all' }];
  if (role === ROLES.teamMember) return TEAM_MEMBER_RULES.map((rule) => ({ ...rule }));
  return [];
}
