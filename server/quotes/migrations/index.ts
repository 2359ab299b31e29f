import type { Migrations } from '../../core/db/migrate';
import * as marketplace from './011-marketplace';
import * as quoteListVersions from './013-quote-list-versions';
import * as firstResponse from './022-first-response';
import * as analyticsIndexes from './025-analytics-indexes';
import * as acceptedAt from './026-accepted-at';
import * as quoteDayCounts from './027-quote-day-counts';
import * as quoteTemplates from './030-quote-templates';

/**
 * The quotes module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 * `011-marketplace` also created the credits ledger, matching profiles, blackout dates, messages
 * and idempotency keys, and `013-quote-list-versions` adds a column to `vendors`: both were written
 * before modules owned their migrations, and keep their names so a database migrated then runs
 * nothing again.
 */
export const quotesMigrations: Migrations = {
  '011-marketplace': marketplace,
  '013-quote-list-versions': quoteListVersions,
  '022-first-response': firstResponse,
  '025-analytics-indexes': analyticsIndexes,
  '026-accepted-at': acceptedAt,
  '027-quote-day-counts': quoteDayCounts,
  '030-quote-templates': quoteTemplates,
};
