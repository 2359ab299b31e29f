import type { Migrations } from '../../core/db/migrate';
import * as profile from './005-profile';

/**
 * The profile module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 */
export const profileMigrations: Migrations = {
  '005-profile': profile,
};
