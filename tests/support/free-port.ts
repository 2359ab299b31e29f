import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on right now (connections to it are refused) until a server the test starts takes it. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
