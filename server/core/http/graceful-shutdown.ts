import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Logger } from '../logger';

/** One thing to stop after the HTTP side has drained (schema watcher, jobs, database), run in the order given. */
export interface ShutdownStep {
  /** Named in the log when the step fails or the timeout catches it still running. */
  name: string;
  run: () => void | Promise<void>;
}

/** Where SIGTERM and SIGINT come from: `process`, or an EventEmitter standing in for it in tests. */
export type SignalSource = Pick<NodeJS.EventEmitter, 'on'>;

/** What {@link installGracefulShutdown} needs. */
export interface GracefulShutdownOptions {
  server: Server;
  logger: Logger;
  /** Run one after another once no request is left, before exiting. */
  steps?: ShutdownStep[];
  /** Called once the drain starts: ends what would never finish by itself (event streams). */
  onDrain?: () => void;
  /** Upper bound on the whole shutdown, from the first signal to `exit`. */
  timeoutMs?: number;
  /**
   * How long the listener keeps accepting after the first signal, while `/readyz` answers 503 and
   * every response closes its connection: the time a load balancer needs to notice and send new
   * connections elsewhere. 0 closes the listener at once.
   */
  lameDuckMs?: number;
  /**
   * How long a connection accepted before the listener closed may take to send its first request
   * (its bytes may still sit unread in the socket); one that has sent nothing by then is closed.
   */
  firstRequestGraceMs?: number;
  signals?: SignalSource;
  exit?: (code: number) => void;
}

/** The installed shutdown, for the caller to ask about or to start without a signal. */
export interface GracefulShutdown {
  /** True from the first signal on: readiness fails and responses carry `Connection: close`; the listener closes after the lame-duck period. */
  readonly draining: boolean;
  /** Requests whose response has not finished yet. */
  readonly inFlight: number;
  /** Starts the drain as a first signal does (a later call is logged and joins it); resolves with the exit code, once passed to `exit`. */
  shutdown(reason: string): Promise<number>;
}

/** Long enough for a slow upload or a password hash under load; short of the 30 s most supervisors wait before SIGKILL. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** Two health-check intervals of a typical load balancer at 1 s; well inside the shutdown timeout. */
export const DEFAULT_LAME_DUCK_MS = 2_000;

/** A client that connected sends its request within milliseconds; this covers an event loop busy for a while. */
export const DEFAULT_FIRST_REQUEST_GRACE_MS = 2_000;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** What the drain knows of one accepted socket. */
interface Connection {
  /** Requests it has carried. */
  served: number;
  /** Responses still open on it. */
  open: number;
  /** `bytesRead` when its last response finished: more since means a next request is arriving. */
  bytesAtRest: number;
}

/**
 * Handles every SIGTERM and SIGINT. The first starts the drain:
 * 1. `draining` turns true (readiness answers 503), open event streams are told to reconnect
 *    (`onDrain`), and every response from now on carries `Connection: close`;
 * 2. for `lameDuckMs` the listener keeps accepting, so that connections a load balancer opens
 *    before it notices are served rather than refused;
 * 3. the listener closes; idle keep-alive sockets are closed at once, while a socket that never
 *    sent a request yet (accepted, its bytes perhaps still unread) gets `firstRequestGraceMs` to
 *    send one, which is then answered: a client cannot tell whether a reset POST was done;
 * 4. once the last connection has ended, `steps` run in order and the process exits 0 (1 when a
 *    step failed).
 * Later signals are logged and change nothing: stopping a process group delivers SIGTERM more
 * than once (the group's and the launcher's relay). After `timeoutMs` the remaining connections
 * are destroyed, with the count of requests cut off in the log, and the process exits: 0 when only
 * requests were cut, 1 when a step had failed or was still running (the database, say, may not
 * have closed cleanly, and the supervisor should see it).
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown {
  const {
    server,
    logger,
    steps = [],
    onDrain,
    timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
    lameDuckMs = DEFAULT_LAME_DUCK_MS,
    firstRequestGraceMs = DEFAULT_FIRST_REQUEST_GRACE_MS,
    signals = process,
    exit = (code: number) => process.exit(code),
  } = options;
  const inFlight = new Set<ServerResponse>();
  const connections = new Map<Socket, Connection>();
  let draining = false;
  /** The listener has closed: idle sockets are closed as they become idle. */
  let closing = false;
  let finished: Promise<number> = Promise.resolve(0);

  const closeAfterResponse = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  /**
   * Closes `socket` if nothing is in progress on it: no response open and no byte received since
   * the last one finished (or since it connected). A socket that never had a request is given
   * until `graceUntil` to send one.
   */
  const closeIfIdle = (socket: Socket, graceUntil: number) => {
    const connection = connections.get(socket);
    if (!connection || connection.open > 0 || socket.bytesRead > connection.bytesAtRest) return;
    if (connection.served === 0 && Date.now() < graceUntil) return;
    socket.destroy();
  };

  const track = (socket: Socket): Connection => {
    const connection = { served: 0, open: 0, bytesAtRest: 0 };
    connections.set(socket, connection);
    socket.once('close', () => connections.delete(socket));
    return connection;
  };
  server.on('connection', track);

  // Prepended so that the header is set before the app's listener can answer synchronously.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    const socket = req.socket;
    // A socket accepted before this was installed is known from its first request on.
    const connection = connections.get(socket) ?? track(socket);
    connection.served += 1;
    connection.open += 1;
    res.once('close', () => {
      inFlight.delete(res);
      connection.open -= 1;
      connection.bytesAtRest = socket.bytesRead;
      // A response whose headers went out before the drain kept its socket alive; it is idle now.
      if (closing) closeIfIdle(socket, 0);
    });
    if (draining) closeAfterResponse(res);
  });

  const drain = async (): Promise<number> => {
    const startedAt = Date.now();
    let running = 'http';
    let timedOut = false;
    let stepFailed = false;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        logger.warn('shutdown timed out', { timeoutMs, inFlight: inFlight.size, running });
        server.closeAllConnections();
        for (const socket of connections.keys()) socket.destroy();
        resolve(stepFailed || running !== 'http' ? 1 : 0);
      }, timeoutMs);
      timer.unref();
    });
    const orderly = (async () => {
      for (const res of inFlight) closeAfterResponse(res);
      onDrain?.();
      if (lameDuckMs > 0) await new Promise((resolve) => setTimeout(resolve, lameDuckMs).unref());
      if (timedOut) return 0;
      await new Promise<void>((resolve) => {
        // Not http.Server#close(): it destroys every socket without a parsed request, including
        // those whose first request is still unread. The callback runs once the last connection
        // has ended.
        NetServer.prototype.close.call(server, () => resolve());
        closing = true;
        const graceUntil = Date.now() + firstRequestGraceMs;
        for (const socket of connections.keys()) closeIfIdle(socket, graceUntil);
        // Those still waiting for a first request: closed at the end of their grace if nothing came.
        if (connections.size > 0) setTimeout(() => connections.forEach((_, socket) => closeIfIdle(socket, 0)), firstRequestGraceMs).unref();
      });
      for (const step of steps) {
        // Past the deadline `exit` has been called; in tests it returns, and the steps must not run late.
        if (timedOut) return 0;
        running = step.name;
        try {
          await step.run();
        } catch (error) {
          stepFailed = true;
          logger.error('shutdown step failed', { step: step.name, error: error instanceof Error ? error.message : String(error) });
        }
      }
      if (!timedOut) logger.info('shutdown complete', { durationMs: Date.now() - startedAt });
      return stepFailed ? 1 : 0;
    })();
    const code = await Promise.race([orderly, deadline]);
    clearTimeout(timer);
    exit(code);
    return code;
  };

  const shutdown = (reason: string): Promise<number> => {
    if (draining) {
      logger.info('already shutting down', { signal: reason, inFlight: inFlight.size });
      return finished;
    }
    draining = true;
    logger.info('shutting down', { signal: reason, inFlight: inFlight.size, lameDuckMs, timeoutMs });
    finished = drain();
    return finished;
  };

  for (const signal of SIGNALS) signals.on(signal, () => void shutdown(signal));

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight.size;
    },
    shutdown,
  };
}
