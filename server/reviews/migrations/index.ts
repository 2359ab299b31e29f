import type { Migrations } from '../../core/db/migrate';
import * as reviews from './020-reviews';

/** The reviews module's migrations, by name; the server runs every module's in one order, by name (server/migrations.ts). */
export const reviewsMigrations: Migrations = {
  '020-reviews': reviews,
};
