import { accountMigrations } from './account';
import { authMigrations } from './auth';
import { availabilityMigrations } from './availability';
import { billingMigrations } from './billing';
import { collectMigrations } from './core/db/migrate';
import { creditsMigrations } from './credits';
import { coreMigrations } from './core/db/migrations';
import { formsMigrations } from './forms';
import { liveMigrations } from './live';
import { messagesMigrations } from './messages';
import { profileMigrations } from './profile';
import { publicMigrations } from './public';
import { quotesMigrations } from './quotes';
import { requestsMigrations } from './requests';
import { reviewsMigrations } from './reviews';

/**
 * Every migration the server runs, core's and each module's, in one order by name. A module with
 * tables of its own adds its `migrations/` here, as app.ts adds its router: nothing in core changes.
 */
export const migrations = collectMigrations(
  coreMigrations,
  authMigrations,
  formsMigrations,
  accountMigrations,
  profileMigrations,
  quotesMigrations,
  creditsMigrations,
  requestsMigrations,
  availabilityMigrations,
  billingMigrations,
  messagesMigrations,
  reviewsMigrations,
  liveMigrations,
  publicMigrations,
);
