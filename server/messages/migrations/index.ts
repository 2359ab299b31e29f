import type { Migrations } from '../../core/db/migrate';
import * as messageThreads from './019-message-threads';
import * as messageSnippets from './023-message-snippets';
import * as coupleMail from './033-couple-mail';

/**
 * The messages module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts). Its `messages` table was created by the quotes module's
 * `011-marketplace`, written before modules owned their migrations (it keeps its name).
 */
export const messagesMigrations: Migrations = {
  '019-message-threads': messageThreads,
  '023-message-snippets': messageSnippets,
  '033-couple-mail': coupleMail,
};
