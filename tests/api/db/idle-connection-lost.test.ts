import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/core/db/database';
import { createMemoryLogger } from '../../../server/core/logger';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('PostgreSQL pool', () => {
  it('when an idle connection is ended by the server, then the loss is logged, the process lives on and the next query gets a new connection', async () => {
    const logger = createMemoryLogger();
    const database = await openDatabase({ kind: 'postgres', url: url!, logger });
    const admin = await openDatabase({ kind: 'postgres', url: url! });
    try {
      const before = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
      const pid = before.rows[0]!.pid;
      // The connection is back in the pool, idle, when its backend is ended from outside.
      await sql`SELECT pg_terminate_backend(${pid})`.execute(admin.db);
      await expect.poll(() => logger.lines.map((line) => line.message)).toContain('database connection lost while idle');

      const after = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await database.close();
      await admin.close();
    }
  });
});
