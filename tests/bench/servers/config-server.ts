import { createServer } from 'node:http';
import { createTestContext } from '../../support/api/test-app';

/** The real app (SQLite in memory) on the real schemas, on an ephemeral port; prints the port. */
const { app } = await createTestContext();
const server = createServer(app);
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
});
