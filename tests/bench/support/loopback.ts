import type { Server } from 'node:net';

/** Starts `server` on an ephemeral loopback port; resolves with its base URL (no trailing slash). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the server has no port');
  return `http://127.0.0.1:${address.port}`;
}
