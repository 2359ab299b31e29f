/** The team module: invitations, members joining through them, removal and leaving. */
export { teamRouter } from './team.router';
export { INVITATION_LIMITS, INVITATION_TTL_MS, type TeamDeps } from './team.service';
