import type { Migrations } from '../../core/db/migrate';
import * as leadCreditsIndex from './028-lead-credits-index';

/**
 * The credits module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts). The ledger itself was made by the quotes module's `011-marketplace`,
 * written before modules owned their migrations.
 */
export const creditsMigrations: Migrations = {
  '028-lead-credits-index': leadCreditsIndex,
};
