import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The inbox (docs/marketplace.md: Messages). `message_threads` is the messages module's view of each quote's
 * thread: whose it is (business, couple, request), the quote's status, the last message and how
 * many of the couple's messages the team has not read, kept by the module as quotes and messages
 * change, so the inbox reads one table. Search by the couple's name and the text: SQLite's FTS5
 * (`message_search`, one row per message and per thread's name, written by triggers, so every
 * path that writes a message is indexed) or PostgreSQL's `tsvector` (expression indexes).
 * Threads are filled from the quotes and messages stored so far.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_threads')
    .addColumn('quote_id', 'text', (c) => c.primaryKey().references('quotes.id').onDelete('cascade'))
    .addColumn('vendor_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('event_date', 'text', (c) => c.notNull())
    .addColumn('quote_status', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'bigint')
    .addColumn('last_sender', 'text')
    .addColumn('last_body', 'text')
    .addColumn('vendor_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_mailed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_threads_inbox').on('message_threads').columns(['vendor_id', 'last_message_at', 'quote_id']).execute();
  await db.schema.createIndex('message_threads_request').on('message_threads').columns(['request_id']).execute();

  await sql`
    insert into message_threads (quote_id, vendor_id, request_id, category_id, customer_name, event_date, quote_status,
      last_message_at, last_sender, last_body, vendor_unread, customer_unread, created_at)
    select q.id, q.vendor_id, q.request_id, q.category_id, q.customer_name, q.event_date, q.status,
      (select max(m.created_at) from messages m where m.quote_id = q.id),
      (select m.sender from messages m where m.quote_id = q.id order by m.created_at desc, m.id desc limit 1),
      (select substr(m.body, 1, 200) from messages m where m.quote_id = q.id order by m.created_at desc, m.id desc limit 1),
      (select count(*) from messages m where m.quote_id = q.id and m.sender = 'customer' and m.read_at is null),
      (select count(*) from messages m where m.quote_id = q.id and m.sender = 'vendor' and m.read_at is null),
      q.created_at
    from quotes q
  `.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index messages_search on messages using gin (to_tsvector('simple', body))`.execute(db);
    await sql`create index message_threads_search on message_threads using gin (to_tsvector('simple', customer_name))`.execute(db);
    return;
  }
  await sql`create virtual table message_search using fts5(quote_id unindexed, text, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger message_search_message after insert on messages begin
    insert into message_search (quote_id, text) values (new.quote_id, new.body); end`.execute(db);
  await sql`create trigger message_search_thread after insert on message_threads begin
    insert into message_search (quote_id, text) values (new.quote_id, new.customer_name); end`.execute(db);
  await sql`create trigger message_search_forget after delete on message_threads begin
    delete from message_search where quote_id = old.quote_id; end`.execute(db);
  await sql`insert into message_search (quote_id, text) select quote_id, body from messages`.execute(db);
  await sql`insert into message_search (quote_id, text) select quote_id, customer_name from message_threads`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists messages_search`.execute(db);
  } else {
    await sql`drop trigger if exists message_search_message`.execute(db);
    await sql`drop trigger if exists message_search_thread`.execute(db);
    await sql`drop trigger if exists message_search_forget`.execute(db);
    await sql`drop table if exists message_search`.execute(db);
  }
  await db.schema.dropTable('message_threads').execute();
}
