/**
 * A script, run as a child process (`node --experimental-websocket --import tsx
 * memory-after-gc.ts <inspector ws url>`): attaches to another process's inspector, forces a full
 * garbage collection there and prints that process's `process.memoryUsage()` as one JSON line.
 * The live bench reads a server's memory so, from outside: the server's code has no hook for it.
 */
import { argv, stdout } from 'node:process';

const [url] = argv.slice(2);
if (!url) throw new Error('usage: memory-after-gc.ts <inspector ws url>');
const socket = new WebSocket(url);
const pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
  if (message.id !== undefined) pending.get(message.id)?.(message);
});
let lastId = 0;
const send = (method: string, params: Record<string, unknown> = {}) =>
  new Promise<unknown>((resolve, reject) => {
    lastId += 1;
    pending.set(lastId, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)));
    socket.send(JSON.stringify({ id: lastId, method, params }));
  });
await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve);
  socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${url}`)));
});
await send('HeapProfiler.collectGarbage');
const evaluated = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
  result: { value: string };
};
stdout.write(`${evaluated.result.value}\n`);
socket.close();
