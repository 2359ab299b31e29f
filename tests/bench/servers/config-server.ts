import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../../server/app';
import { createMemoryLogger } from '../../../server/logger';
import { createSchemaStore } from '../../../server/schema-store/schema-store';

/** The real app on the real schemas, on an ephemeral port; prints the port. */
const dir = fileURLToPath(new URL('../../../schemas', import.meta.url));
const store = await createSchemaStore({ dir, logger: createMemoryLogger(), watch: false });
const server = createServer(createApp({ schemas: store.current, logger: createMemoryLogger(), clientDir: null }));
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
});
