import type { Migrations } from '../../core/db/migrate';
import * as requestCloseJobs from './018-request-close-jobs';
import * as awaitingMatch from './029-awaiting-match';

/**
 * The requests module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts). Its table, `quote_requests`, was created by the quotes module's
 * `011-marketplace`, written before modules owned their migrations (it keeps its name).
 */
export const requestsMigrations: Migrations = {
  '018-request-close-jobs': requestCloseJobs,
  '029-awaiting-match': awaitingMatch,
};
