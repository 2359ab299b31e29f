import type { IdempotencyTables } from '../http/idempotency.table';
import type { JobTables } from '../jobs/jobs.table';
import type { MailTables } from '../mail/mail.table';

/**
 * The whole database as Kysely sees it: core's own tables here, and each module's added by the
 * module itself, in its `<module>.table.ts`, by augmenting this interface
 * (`declare module '../core/db/schema' { interface DB extends QuotesTables {} }`), so adding a
 * module edits nothing in core. Times are epoch milliseconds; flags are 0/1.
 */
export interface DB extends JobTables, MailTables, IdempotencyTables {}
