import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/core/db/database';
import { migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Migrations on a PostgreSQL database the app shares (docs/operators.md: Running several instances): other
 * schemas, another app's migration tables, schemas dropped while the app starts. Runs when
 * TEST_DATABASE_URL is set.
 */
describe.runIf(postgres)('migrations on a shared PostgreSQL database', () => {
  const name = `vowly_shared_${process.pid}_${Date.now()}`;
  let admin: Database;
  let url: string;

  beforeAll(async () => {
    admin = await openDatabase({ kind: 'postgres', url: postgres! });
    await sql.raw(`create database ${name}`).execute(admin.db);
    const own = new URL(postgres!);
    own.pathname = `/${name}`;
    url = own.href;
  });

  afterAll(async () => {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
  });

  it("when another schema of the database holds another app's migration tables, then the app still creates and fills its own", async () => {
    const other = await openDatabase({ kind: 'postgres', url });
    await sql
      .raw('create schema other_app; create table other_app.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)')
      .execute(other.db);
    await other.close();

    const database = await openDatabase({ kind: 'postgres', url });
    try {
      const applied = await migrateToLatest(database.db as never, migrations);

      expect(applied).toEqual(Object.keys(migrations).sort());
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from public.kysely_migration`.execute(database.db);
      expect(rows[0]?.count).toBe(Object.keys(migrations).length);
    } finally {
      await database.close();
    }
  });

  it('when other schemas are created and dropped while it migrates, then the migration reads only its own and succeeds', async () => {
    const churn = await openDatabase({ kind: 'postgres', url });
    let stop = false;
    let dropped = 0;
    const churning = (async () => {
      while (!stop) {
        const schema = `churn_${randomBytes(4).toString('hex')}`;
        await sql.raw(`create schema ${schema}; create table ${schema}.t (id serial primary key, a int, b text, c text)`).execute(churn.db);
        await sql.raw(`drop schema ${schema} cascade`).execute(churn.db);
        dropped += 1;
      }
    })();
    try {
      for (let round = 0; round < 4; round += 1) {
        const schema = `mig_${randomBytes(4).toString('hex')}`;
        await sql.raw(`create schema ${schema}`).execute(churn.db);
        const database = await openDatabase({ kind: 'postgres', url, schema });
        try {
          await expect(migrateToLatest(database.db as never, migrations, schema)).resolves.toHaveLength(Object.keys(migrations).length);
        } finally {
          await database.close();
        }
      }
    } finally {
      stop = true;
      await churning;
      await churn.close();
    }
    expect(dropped).toBeGreaterThan(0);
  });
});
