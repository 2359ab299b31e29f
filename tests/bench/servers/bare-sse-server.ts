import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

/**
 * The live-updates baseline: plain node:http, no framework, no store, no auth. `GET /events`
 * holds a server-sent-events stream, with the app's headers and its 15 s heartbeat; `POST
 * /messages` `{ body }` writes one `message.created` event, the app's lines and data, to every
 * open stream and answers 201 with the message's id. Prints the port.
 */
const HEARTBEAT_MS = 15_000;
const streams = new Set<ServerResponse>();
let lastId = 0;

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/events') {
    req.socket.setNoDelay(true);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.write('retry: 2000\n\n');
    streams.add(res);
    res.once('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/messages') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { body } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { body: string };
      const messageId = randomUUID();
      lastId += 1;
      const text = `id: ${lastId}\nevent: message.created\ndata: ${JSON.stringify({ quoteId: randomUUID(), messageId, from: 'customer' })}\n\n`;
      for (const stream of streams) stream.write(text);
      const answer = JSON.stringify({ data: { id: messageId, from: 'customer', body } });
      res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(answer)) });
      res.end(answer);
    });
    return;
  }
  res.writeHead(404).end();
});
setInterval(() => {
  for (const stream of streams) stream.write(':\n\n');
}, HEARTBEAT_MS).unref();
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
});
