import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../server/core/logger';
import { ensureClientBuilt } from './client-build';
import { watchParent } from './watch-parent';

/**
 * `npm start`: build the client when the build is missing or older than its sources, then serve.
 * package.json runs it as `exec node --import tsx scripts/start.ts`, so that npm is this process's
 * parent and a SIGTERM sent to npm alone is forwarded here (through `sh -c` without exec, or the
 * tsx CLI, it stopped at the shell and left the server running).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

// Should npm (or the shell of a launcher without exec) die without forwarding, stop as if told to;
// only under a package manager, so that `nohup node … scripts/start.ts &` outlives its terminal.
if (process.env.npm_lifecycle_event !== undefined) {
  watchParent({
    onGone: () => {
      createLogger('start').warn('launcher exited; stopping', { signal: 'SIGTERM' });
      process.kill(process.pid, 'SIGTERM');
    },
  });
}

// The server reads CLIENT_DIR against the repository root; a folder of one's own needs no build here.
if (path.resolve(root, process.env.CLIENT_DIR ?? 'dist/client') === path.join(root, 'dist/client')) await ensureClientBuilt();
process.chdir(root);
await import('../server/index');
