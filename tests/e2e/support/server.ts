import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e server: the real entry point on a data folder wiped at every run. */
const root = fileURLToPath(new URL('../../..', import.meta.url));
rmSync(path.resolve(root, process.env.DATA_DIR ?? 'tests/artifacts/e2e-data-4173'), { recursive: true, force: true });
await import('../../../server/index');
