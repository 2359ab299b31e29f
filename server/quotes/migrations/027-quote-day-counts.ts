import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `quote_day_counts`: per business, category and UTC day (epoch ms ÷ 86,400,000), what the
 * analytics count of its quotes (docs/marketplace.md, Analytics): the leads created that day and
 * how many of them are answered, the quotes sent that day and how many of those are won (accepted
 * or completed) with their prices, and the quotes booked that day. A year of a busy business's
 * dashboard then sums at most 366 rows per category instead of counting 100,000 quotes (docs/benchmarks.md, Analytics).
 *
 * Kept by triggers, as `quotes_version` is (013): every path that writes quotes (matching, the use
 * cases, the lifecycle jobs, an import, a later module) moves the counts in its own transaction,
 * none can forget. A change takes the quote's old contribution away and adds its new one; a
 * change of none of the counted columns (opening a match, a refund, `updated_at`) fires nothing.
 * A quote deleted with its business takes nothing away (the business and its counts are gone).
 * Existing quotes are counted once here.
 *
 * The per-category indexes of 025 and 026 (`quotes_leads_by_category`, `quotes_booked_by_category`)
 * served only the range counts these rows replace, and go: every quote written kept them.
 */

/** The counts a quote contributes to: each column, and the quote's day it counts on. */
const COUNTS = ['leads', 'answered', 'sent', 'won', 'won_cents', 'booked'] as const;

/**
 * The upserts adding `sign` × the quote `row` (the trigger's `new` or `old`) to the counts: its
 * lead on the day it was created, its sending on the day it was sent, its booking on the day it
 * was booked. The same SQL on both databases (a SELECT with a WHERE before ON CONFLICT, as
 * SQLite's parser needs inside a trigger).
 */
function contribution(row: 'new' | 'old', sign: 1 | -1): string {
  const one = sign === 1 ? '1' : '-1';
  const won = `${row}.status in ('accepted', 'completed')`;
  const upsert = (day: string, when: string, values: Partial<Record<(typeof COUNTS)[number], string>>) => `
    insert into quote_day_counts (vendor_id, category_id, day, ${COUNTS.join(', ')})
    select ${row}.vendor_id, ${row}.category_id, ${day} / 86400000, ${COUNTS.map((column) => values[column] ?? '0').join(', ')}
    where ${when} and exists (select 1 from vendors where vendors.id = ${row}.vendor_id)
    on conflict (vendor_id, day, category_id) do update set
      ${COUNTS.map((column) => `${column} = quote_day_counts.${column} + excluded.${column}`).join(', ')};`;
  return [
    upsert(`${row}.created_at`, 'true', {
      leads: one,
      answered: `case when ${row}.first_response_at is null then 0 else ${one} end`,
    }),
    upsert(`${row}.submitted_at`, `${row}.submitted_at is not null`, {
      sent: one,
      won: `case when ${won} then ${one} else 0 end`,
      won_cents: `case when ${won} then ${one} * coalesce(${row}.price_cents, 0) else 0 end`,
    }),
    upsert(`${row}.accepted_at`, `${row}.accepted_at is not null`, { booked: one }),
  ].join('\n');
}

/** The columns whose change moves a quote's counts. */
const COUNTED = ['vendor_id', 'category_id', 'created_at', 'first_response_at', 'submitted_at', 'status', 'price_cents', 'accepted_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_day_counts')
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('won', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('won_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('quote_day_counts_pk', ['vendor_id', 'day', 'category_id'])
    .execute();
  await db.schema.dropIndex('quotes_leads_by_category').execute();
  await db.schema.dropIndex('quotes_booked_by_category').execute();
  await sql`
    insert into quote_day_counts (vendor_id, category_id, day, leads, answered, sent, won, won_cents, booked)
    select vendor_id, category_id, day, sum(leads), sum(answered), sum(sent), sum(won), sum(won_cents), sum(booked) from (
      select vendor_id, category_id, created_at / 86400000 as day, 1 as leads,
        case when first_response_at is null then 0 else 1 end as answered, 0 as sent, 0 as won, 0 as won_cents, 0 as booked
      from quotes
      union all
      select vendor_id, category_id, submitted_at / 86400000, 0, 0, 1,
        case when status in ('accepted', 'completed') then 1 else 0 end,
        case when status in ('accepted', 'completed') then coalesce(price_cents, 0) else 0 end, 0
      from quotes where submitted_at is not null
      union all
      select vendor_id, category_id, accepted_at / 86400000, 0, 0, 0, 0, 0, 1
      from quotes where accepted_at is not null
    ) contributions
    group by vendor_id, category_id, day
  `.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function count_quote_days() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${contribution('old', -1)} end if;
          if tg_op <> 'DELETE' then ${contribution('new', 1)} end if;
          return null;
        end
        $$`,
      )
      .execute(db);
    await sql`create trigger quote_day_counts after insert or delete on quotes for each row execute function count_quote_days()`.execute(db);
    await sql
      .raw(
        `create trigger quote_day_counts_update after update on quotes for each row
        when (${COUNTED.map((column) => `old.${column} is distinct from new.${column}`).join(' or ')})
        execute function count_quote_days()`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`create trigger quote_day_counts_insert after insert on quotes begin ${contribution('new', 1)} end`).execute(db);
  await sql.raw(`create trigger quote_day_counts_delete after delete on quotes begin ${contribution('old', -1)} end`).execute(db);
  await sql
    .raw(
      `create trigger quote_day_counts_update after update on quotes
      when ${COUNTED.map((column) => `old.${column} is not new.${column}`).join(' or ')}
      begin ${contribution('old', -1)} ${contribution('new', 1)} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists quote_day_counts on quotes`.execute(db);
    await sql`drop trigger if exists quote_day_counts_update on quotes`.execute(db);
    await sql`drop function if exists count_quote_days()`.execute(db);
  } else {
    for (const name of ['quote_day_counts_insert', 'quote_day_counts_delete', 'quote_day_counts_update'])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable('quote_day_counts').execute();
  await db.schema.createIndex('quotes_leads_by_category').on('quotes').columns(['vendor_id', 'category_id', 'created_at']).execute();
  await db.schema.createIndex('quotes_booked_by_category').on('quotes').columns(['vendor_id', 'category_id', 'accepted_at']).execute();
}
