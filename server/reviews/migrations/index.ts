import type { Migrations } from '../../core/db/migrate';
import * as reviews from './020-reviews';
import * as oneReportPerReview from './032-one-report-per-review';

/** The reviews module's migrations, by name; the server runs every module's in one order, by name (server/migrations.ts). */
export const reviewsMigrations: Migrations = {
  '020-reviews': reviews,
  '032-one-report-per-review': oneReportPerReview,
};
