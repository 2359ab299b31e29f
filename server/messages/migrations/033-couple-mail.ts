import type { Kysely } from 'kysely';

/**
 * The couple is mailed the business's messages together, at most once per thread in a quiet
 * period, and not at all for what they read on the page first (issue 45; docs/marketplace.md: Messages): each
 * message notes when it went out in a mail (`mailed_at`), each thread when the couple was last
 * mailed (`couple_mailed_at`). Every business message written before went out in a mail of its
 * own as it was written, so it is noted as mailed then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('mailed_at', 'bigint').execute();
  await db.schema.alterTable('message_threads').addColumn('couple_mailed_at', 'bigint').execute();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const any = db as Kysely<any>;
  await any
    .updateTable('messages')
    .set((eb) => ({ mailed_at: eb.ref('created_at') }))
    .where('sender', '=', 'vendor')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message_threads').dropColumn('couple_mailed_at').execute();
  await db.schema.alterTable('messages').dropColumn('mailed_at').execute();
}
