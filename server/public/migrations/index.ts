import type { Migrations } from '../../core/db/migrate';
import * as profileVisits from './024-profile-visits';

/** The public module's migrations, by name; the server runs every module's in one order, by name (server/migrations.ts). */
export const publicMigrations: Migrations = {
  '024-profile-visits': profileVisits,
};
