import type { Migrations } from '../../core/db/migrate';
import * as account from './004-account';

/**
 * The account module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 */
export const accountMigrations: Migrations = {
  '004-account': account,
};
