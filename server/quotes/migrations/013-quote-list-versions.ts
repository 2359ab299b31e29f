import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `vendors.quotes_version`: a counter the database bumps on every write to a business's quotes
 * (a match, a quote, an opened match, a refund, a closing). The quote lists are cached under it
 * (server/quotes/quote-list-cache.ts), so a list is served again only while nothing in it could
 * have changed. A trigger rather than code: every path that writes quotes (matching, the use
 * cases, the lifecycle jobs, a later module) bumps it in its own transaction, none can forget.
 * A quote deleted with its business updates nothing (the row is gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vendors')
    .addColumn('quotes_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function bump_quotes_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'DELETE' then
          update vendors set quotes_version = quotes_version + 1 where id = new.vendor_id;
        end if;
        if tg_op = 'DELETE' or old.vendor_id <> new.vendor_id then
          update vendors set quotes_version = quotes_version + 1 where id = old.vendor_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger quotes_version after insert or update or delete on quotes for each row execute function bump_quotes_version()`.execute(db);
    return;
  }
  await sql`create trigger quotes_version_insert after insert on quotes begin update vendors set quotes_version = quotes_version + 1 where id = new.vendor_id; end`.execute(
    db,
  );
  await sql`create trigger quotes_version_update after update on quotes begin update vendors set quotes_version = quotes_version + 1 where id in (new.vendor_id, old.vendor_id); end`.execute(
    db,
  );
  await sql`create trigger quotes_version_delete after delete on quotes begin update vendors set quotes_version = quotes_version + 1 where id = old.vendor_id; end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists quotes_version on quotes`.execute(db);
    await sql`drop function if exists bump_quotes_version()`.execute(db);
  } else {
    for (const name of ['quotes_version_insert', 'quotes_version_update', 'quotes_version_delete'])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await db.schema.alterTable('vendors').dropColumn('quotes_version').execute();
}
