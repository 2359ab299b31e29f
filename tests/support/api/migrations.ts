import { migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import type { TestContext } from './test-app';

/**
 * A migration proven on data written before it: `ctx`'s database goes down to the migration
 * before `name`, `before` writes rows in the shape they had then, and every migration from `name`
 * on runs again. Answers the names run, `name` first.
 */
export async function migrateOver(ctx: TestContext, name: string, before: (db: TestContext['database']['db']) => Promise<unknown>): Promise<string[]> {
  const names = Object.keys(migrations).sort();
  const previous = names[names.indexOf(name) - 1];
  if (!names.includes(name) || previous === undefined) throw new Error(`migrateOver: no migration runs before "${name}"`);
  await migrateTo(ctx.database.db as never, migrations, previous, ctx.database.schema);
  await before(ctx.database.db);
  const ran = await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema);
  if (ran[0] !== name) throw new Error(`migrateOver: "${String(ran[0])}" ran first, not "${name}"`);
  return ran;
}
