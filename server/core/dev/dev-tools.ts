import { Router, type RequestHandler } from 'express';
import { problem, sendProblem } from '../http/problem';
import type { Logger } from '../logger';

/** True for an address of this machine: 127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/** The same 404 as for any unknown path: a stranger cannot tell the tools exist. */
const notFound: RequestHandler = (req, res) => {
  sendProblem(res, problem(404, 'not-found', `No endpoint ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/**
 * Development tools answer the operator only: a client whose address (`req.ip`, so through the
 * proxies TRUST_PROXY names) is loopback. Anyone else gets the 404 of an unknown path.
 */
const operatorOnly: RequestHandler = (req, res, next) => {
  if (isLoopbackAddress(req.ip)) return next();
  notFound(req, res, next);
};

/** What is mounted under /dev, and why: the start-up log prints it. */
export interface DevToolsPlan {
  /** Paths served (empty when none). */
  tools: string[];
  reason: string;
}

/** Decides the development tools: none in production; the test clock otherwise; the outbox while mail stays local. */
export function planDevTools(options: { production: boolean; mailTransport: 'smtp' | 'outbox' }): DevToolsPlan {
  if (options.production) return { tools: [], reason: 'NODE_ENV=production' };
  if (options.mailTransport === 'smtp')
    return { tools: ['/dev/clock'], reason: 'NODE_ENV is not production; mail goes out over SMTP_URL, so there is no outbox to read' };
  return { tools: ['/dev/clock', '/dev/outbox', '/dev/outbox.json'], reason: 'NODE_ENV is not production and SMTP_URL is unset: mail is kept in the outbox' };
}

/** The start-up log line: which development tools are on and why, or why there are none. */
export function logDevTools(logger: Logger, plan: DevToolsPlan): void {
  if (plan.tools.length > 0)
    logger.info('development tools on, for loopback clients only (req.ip, under TRUST_PROXY)', { tools: plan.tools, why: plan.reason });
  else logger.info('development tools off', { why: plan.reason });
}

/**
 * `/dev`: the tools of the plan behind the operator-only gate (routers with paths relative to
 * /dev); every other path under /dev is a 404, in production too.
 */
export function devToolsRouter(plan: DevToolsPlan, routers: { clock: Router; outbox: Router }): Router {
  const router = Router();
  const mounted = [plan.tools.includes('/dev/clock') && routers.clock, plan.tools.includes('/dev/outbox') && routers.outbox].filter(
    (r): r is Router => r !== false,
  );
  if (mounted.length > 0) router.use(operatorOnly, ...mounted);
  router.use(notFound);
  return router;
}
