import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../../server/core/clock';
import { collectMigrations, migrateToLatest, type Migrations } from '../../../server/core/db/migrate';
import { createEventBus } from '../../../server/core/events/event-bus';
import type { JobRunner } from '../../../server/core/jobs/job-runner';
import { createTableJobRunner } from '../../../server/core/jobs/table-job-runner';
import { createMemoryLogger } from '../../../server/core/logger';
import { migrations } from '../../../server/migrations';
import { openTestDatabase, TEST_DATABASES } from '../../support/api/test-app';

// A module of its own, written outside core the way a real one is: its table and its event join
// core's types by declaration merging (as server/<m>/<m>.table.ts and <m>.events.ts do), its
// migration joins the collection, its job and its subscriber are defined on core's runner and bus.
interface FixtureNotesTable {
  id: string;
  text: string;
  copied: number;
}
declare module '../../../server/core/db/schema' {
  interface DB {
    fixture_notes: FixtureNotesTable;
  }
}
declare module '../../../server/core/events/domain-events' {
  interface DomainEvents {
    'fixture.noted': { noteId: string };
  }
}

const fixtureMigrations: Migrations = {
  '900-fixture-notes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fixture_notes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('copied', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('fixture_notes').execute();
    },
  },
};

/** Issue 21: adding a module (a table, a migration, an event, a job) needs no edit in server/core. */
describe.each(TEST_DATABASES)('a module added from outside core on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let jobs: JobRunner;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  afterAll(async () => {
    await jobs?.stop();
    await database?.drop();
  });

  it('when its migration, event, subscriber and job are registered, then a note written and published is copied by the job after commit', async () => {
    expect(await migrateToLatest(database.db as never, collectMigrations(migrations, fixtureMigrations), database.schema)).toEqual(['900-fixture-notes']);
    const clock = createClock();
    jobs = createTableJobRunner({ database, clock, logger: createMemoryLogger(), pollMs: 20 });
    const events = createEventBus(database);
    jobs.define<{ noteId: string }>({
      name: 'fixture.copy',
      handler: async ({ noteId }) => void (await database.db.updateTable('fixture_notes').set({ copied: 1 }).where('id', '=', noteId).execute()),
    });
    events.subscribe('fixture.noted', ({ noteId }, { trx }) => jobs.enqueue(trx, { name: 'fixture.copy', payload: { noteId } }));

    const noteId = randomUUID();
    await database.writeTransaction(async (trx) => {
      await trx.insertInto('fixture_notes').values({ id: noteId, text: 'Hello', copied: 0 }).execute();
      await events.publish(trx, 'fixture.noted', { noteId });
    });
    await jobs.runDue();

    expect(await database.db.selectFrom('fixture_notes').selectAll().execute()).toEqual([{ id: noteId, text: 'Hello', copied: 1 }]);
  });
});
