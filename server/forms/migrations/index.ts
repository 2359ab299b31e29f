import type { Migrations } from '../../core/db/migrate';
import * as formData from './003-form-data';
import * as oneQuestionOnce from './031-one-question-once';

/**
 * The forms module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 */
export const formsMigrations: Migrations = {
  '003-form-data': formData,
  '031-one-question-once': oneQuestionOnce,
};
