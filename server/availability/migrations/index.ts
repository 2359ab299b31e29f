import type { Migrations } from '../../core/db/migrate';
import * as calendarFeeds from './012-calendar-feeds';

/**
 * The availability module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 */
export const availabilityMigrations: Migrations = {
  '012-calendar-feeds': calendarFeeds,
};
