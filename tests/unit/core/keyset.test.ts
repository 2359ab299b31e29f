import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { afterPosition } from '../../../server/core/db/keyset';

interface Tables {
  quotes: { id: string; created_at: number; event_date: string };
}

const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('afterPosition', () => {
  it('when a page runs newest first, then the next one starts at older rows, or as old with a smaller id', () => {
    const query = db
      .selectFrom('quotes')
      .select('id')
      .where((eb) => afterPosition(eb, { key: 'quotes.created_at', id: 'quotes.id' }, '<', { key: 1_700_000_000_000, id: 'q-5' }))
      .compile();

    expect(query.sql).toBe('select "id" from "quotes" where ("quotes"."created_at" < $1 or ("quotes"."created_at" = $2 and "quotes"."id" < $3))');
    expect(query.parameters).toEqual([1_700_000_000_000, 1_700_000_000_000, 'q-5']);
  });

  it('when a page runs soonest first, then the next one starts at later keys, or the same key with a greater id', () => {
    const query = db
      .selectFrom('quotes')
      .select('id')
      .where((eb) => afterPosition(eb, { key: 'event_date', id: 'id' }, '>', { key: '2027-06-12', id: 'q-5' }))
      .compile();

    expect(query.sql).toBe('select "id" from "quotes" where ("event_date" > $1 or ("event_date" = $2 and "id" > $3))');
    expect(query.parameters).toEqual(['2027-06-12', '2027-06-12', 'q-5']);
  });
});
