import type { Kysely } from 'kysely';

/** The development outbox becomes `dev_mailbox`, leaving `outbox` free for a transactional outbox later. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').renameTo('dev_mailbox').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dev_mailbox').renameTo('outbox').execute();
}
