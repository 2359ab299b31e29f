import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../server/core/env';
import { BackupError, backup } from '../server/ops/backup';

/**
 * `npm run backup [-- --to <folder>]`: a consistent copy of the data the environment names (DATA_DIR's
 * SQLite file, or DATABASE_URL's database) with the token secret and uploads, in a new folder named
 * by time under `--to` (default BACKUP_DIR, else ./backups). Safe while the server runs.
 */
// Where the command was typed (npm runs scripts from the package root): relative folders mean from there.
const cwd = process.env.INIT_CWD ?? process.cwd();
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
try {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const env = parseEnv(process.env);
  const into = values.to ? path.resolve(cwd, values.to) : path.resolve(process.env.BACKUP_DIR ?? 'backups');
  const startedAt = Date.now();
  console.log(`Backing up ${env.DATABASE_URL ? 'the DATABASE_URL database' : path.join(env.DATA_DIR, 'vowly.sqlite')} into ${into} …`);
  const result = await backup({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }, into);
  const kb = Math.ceil(result.database.bytes / 1024).toLocaleString('en-US');
  console.log(`Backup written: ${result.folder}`);
  console.log(
    `  ${path.basename(result.database.file)} ${kb} KB${env.DATABASE_URL ? '' : ', integrity ok'}; also ${result.carried.join(', ') || 'nothing else'}`,
  );
  console.log(
    `  in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Restore with: npm run restore -- ${path.relative(process.cwd(), result.folder) || result.folder}`,
  );
} catch (error) {
  if (error instanceof EnvError || error instanceof BackupError) {
    console.error(`Cannot back up: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
