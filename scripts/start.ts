import { fileURLToPath } from 'node:url';
import { ensureClientBuilt } from './client-build';

/** `npm start`: build the client when the build is missing or older than its sources, then serve. */
await ensureClientBuilt();
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
await import('../server/index');
