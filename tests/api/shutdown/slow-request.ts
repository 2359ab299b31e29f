import { Agent, request } from 'node:http';
import { connect } from 'node:net';

/** A request the server has accepted (100 Continue) whose body is only half sent: in flight until `finish`. */
export interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  /** The status and Connection header of the response, or the network error code; never rejects. */
  answer: Promise<{ status: number; connection: string | undefined } | { error: string }>;
}

/** A valid sign-up, distinct per `i`. */
export function registration(i: number) {
  return { email: `drain-${i}-${process.pid}@example.com`, password: 'correct horse battery staple 42', businessName: `Drain Test ${i}` };
}

// Keep-alive, so that only the server's `Connection: close` tells the client not to reuse the socket.
const agent = new Agent({ keepAlive: true });

/**
 * Starts `POST /api/register` with `Expect: 100-continue` and resolves once the server has parsed
 * the headers and dispatched the request (its 100 Continue), with half of the body written.
 */
export function startRegistration(port: number, body: object): Promise<SlowRequest> {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/register',
    agent,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), Expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; connection: string | undefined } | { error: string }>((resolve) => {
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  return new Promise((resolve, reject) => {
    req.once('continue', () => {
      req.write(text.slice(0, half));
      resolve({ finish: () => req.end(text.slice(half)), answer });
    });
    void answer.then((outcome) => reject(new Error(`the server answered before its 100 Continue: ${JSON.stringify(outcome)}`)));
    req.flushHeaders();
  });
}

/** Whether a new connection to the port on loopback is refused (the listener has closed). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
