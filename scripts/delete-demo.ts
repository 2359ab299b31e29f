import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteBusiness } from '../server/account';
import { DEMO_ACCOUNT, findUserByEmail } from '../server/auth';
import { createClock } from '../server/core/clock';
import { openDatabase } from '../server/core/db/database';
import { migrateToLatest } from '../server/core/db/migrate';
import { migrations } from '../server/migrations';
import { EnvError, parseEnv } from '../server/core/env';
import { createSignedLinks } from '../server/core/signed-links';
import { createEventBus } from '../server/core/events/event-bus';
import { DEFAULT_RATE_LIMITS } from '../server/core/http/rate-limits';
import { createTableJobRunner } from '../server/core/jobs/table-job-runner';
import { createLogger } from '../server/core/logger';
import { createMailQueue } from '../server/core/mail/mail-queue';
import { StartupError } from '../server/core/startup-error';
import { createMediaStore, defineProfileJobs, subscribeProfile } from '../server/profile';

/**
 * `npm run demo:delete`: deletes the demo account (its business, sessions and uploads) from the
 * database the environment names, as the server would open it: for a production database that
 * still holds it from a development start. Only the profile listens here (its images are removed
 * at once); nobody is mailed about an account that was never a customer's.
 */
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
try {
  const env = parseEnv(process.env);
  const logger = createLogger('delete-demo');
  const file = path.join(env.DATA_DIR, 'vowly.sqlite');
  const database = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file });
  const where = env.DATABASE_URL ? 'the DATABASE_URL database' : file;
  try {
    await migrateToLatest(database.db as never, migrations);
    const demo = await findUserByEmail(database.db, DEMO_ACCOUNT.email);
    if (!demo) {
      console.log(`No demo account (${DEMO_ACCOUNT.email}) in ${where}: nothing to delete.`);
    } else {
      const clock = createClock();
      // The embedded runner runs this one job here, whatever runs the server's jobs.
      const jobs = createTableJobRunner({ database, clock, logger });
      const core = {
        database,
        clock,
        logger,
        events: createEventBus(database),
        jobs,
        mail: createMailQueue(jobs),
        publicUrl: env.PUBLIC_URL,
        limits: DEFAULT_RATE_LIMITS,
        authenticate: async () => null,
        // Deleting signs no link; a throwaway key keeps the shape.
        links: createSignedLinks(randomBytes(32)),
      };
      defineProfileJobs(jobs, createMediaStore(path.join(env.DATA_DIR, 'uploads')));
      subscribeProfile(core);
      await deleteBusiness(core, demo.vendorId);
      await jobs.runDue();
      console.log(`Deleted the demo account ${DEMO_ACCOUNT.email}, its business and its uploads from ${where}.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof EnvError || error instanceof StartupError)) throw error;
  console.error(`Cannot delete the demo account: ${error.message}`);
  process.exit(1);
}
