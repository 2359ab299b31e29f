import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';

/** The baseline: plain node:http sending the very same precomputed routes bytes; prints the port. */
const dir = fileURLToPath(new URL('../../../schemas', import.meta.url));
const { bodies } = await loadSnapshot(dir);
const body = bodies.routes.identity;
const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), ETag: bodies.routes.etag };
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
});
