import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../server/core/env';
import { BackupError, restore } from '../server/ops/backup';

/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back into the
 * environment's DATA_DIR (or DATABASE_URL's database). Stop the server first: with SQLite it refuses
 * while the database is open. What was there moves to DATA_DIR/before-restore-<time>; nothing is deleted.
 */
// Where the command was typed (npm runs scripts from the package root): the folder is named from there.
const cwd = process.env.INIT_CWD ?? process.cwd();
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [folder] = positionals;
  if (!folder) throw new BackupError('name the backup folder: npm run restore -- backups/vowly-2026-11-28T15-40-02Z');
  const env = parseEnv(process.env);
  const result = await restore({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, path.resolve(cwd, folder));
  console.log(`Restored ${result.restored.join(', ')} from ${folder}.`);
  if (result.setAside) console.log(`What was there before is in ${result.setAside}.`);
} catch (error) {
  if (error instanceof EnvError || error instanceof BackupError) {
    console.error(`Cannot restore: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
