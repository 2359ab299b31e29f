import type { Migrations } from '../../core/db/migrate';
import * as accounts from './001-accounts';
import * as sessionCutoff from './002-session-cutoff';
import * as sessionIds from './006-session-ids';
import * as emailVerification from './009-email-verification';
import * as signInCount from './010-sign-in-count';
import * as refreshRetry from './015-refresh-retry';

/**
 * The auth module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 * `001-accounts` also created `vendors` (the business module's) and `invitations` (team's): it was
 * written before modules owned their migrations, and keeps its name so a database migrated then
 * runs nothing again.
 */
export const authMigrations: Migrations = {
  '001-accounts': accounts,
  '002-session-cutoff': sessionCutoff,
  '006-session-ids': sessionIds,
  '009-email-verification': emailVerification,
  '010-sign-in-count': signInCount,
  '015-refresh-retry': refreshRetry,
};
