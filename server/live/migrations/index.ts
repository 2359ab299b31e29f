import type { Migrations } from '../../core/db/migrate';
import * as liveEvents from './021-live-events';

/** The live module's migrations, by name; the server runs every module's in one order, by name (server/migrations.ts). */
export const liveMigrations: Migrations = {
  '021-live-events': liveEvents,
};
