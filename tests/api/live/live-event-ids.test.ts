import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeLiveEvent } from '../../../server/live/live.repository';
import { openTestDatabase } from '../../support/api/test-app';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

/**
 * A stream that has delivered a business's event 11 never reads an event 10 committed after it,
 * so on PostgreSQL each event takes the business's transaction-scoped lock before it draws its id
 * from the sequence, in the one statement that stores it (live.repository.ts#storeLiveEvent).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('live event ids on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('when a second change of the business stores an event while the first is still open, then it draws its id only after the first commits', async () => {
    const vendorId = randomUUID();
    const event = (n: number) => ({ vendor_id: vendorId, name: 'quote.updated', data: JSON.stringify({ n }), created_at: n });
    let stored!: (id: number) => void;
    const firstStored = new Promise<number>((resolve) => (stored = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));

    const first = database.db.transaction().execute(async (trx) => {
      stored(await storeLiveEvent(trx, 'postgres', event(1)));
      await released;
    });
    const firstId = await firstStored;
    const second = database.db.transaction().execute((trx) => storeLiveEvent(trx, 'postgres', event(2)));

    // The second waits on the business's lock (advisory locks are per database: keyed by the low
    // 32 bits of the hash, here the only lock of this fresh business's key)...
    const waiting = sql<{ n: number }>`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and not granted and objid = (hashtext(${`live:${vendorId}`})::bigint & 4294967295)::oid`;
    await expect.poll(async () => (await waiting.execute(database.db)).rows[0]?.n).toBe(1);
    // ...and has not drawn an id yet: the sequence still stands at the first one's.
    const sequence = await sql<{ last_value: string }>`select last_value from live_events_id_seq`.execute(database.db);
    expect(Number(sequence.rows[0]?.last_value)).toBe(firstId);

    release();
    await first;
    const secondId = await second;
    expect(secondId).toBeGreaterThan(firstId);
    const rows = await database.db.selectFrom('live_events').select(['id', 'data']).where('vendor_id', '=', vendorId).orderBy('id').execute();
    expect(rows.map((row) => JSON.parse(row.data) as { n: number })).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
