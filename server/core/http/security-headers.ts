import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Headers for API responses: JSON never needs to load anything, so its CSP allows nothing. */
export const apiSecurityHeaders: RequestHandler = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-origin' },
});

const nonceOf = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * Headers for the client's pages: a strict CSP with a per-response nonce for scripts and for
 * the style tags antd injects (no 'unsafe-inline'), and COOP that still lets Google's sign-in
 * popup talk back. `upgrade-insecure-requests` is off: the product serves plain HTTP on loopback.
 */
export const pageSecurityHeaders: RequestHandler[] = [
  (_req, res, next) => {
    res.locals.cspNonce = randomBytes(18).toString('base64');
    next();
  },
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceOf, 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", nonceOf, 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ['https://accounts.google.com/gsi/'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  }),
];

/**
 * Runs a header-only middleware once against a recording response and returns the headers it
 * set, so hot paths can write them without running the middleware per request.
 */
export function captureHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    locals: {},
    setHeader(name: string, value: string | number | string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error('captureHeaders: the middleware did not call next() synchronously');
  return [...headers];
}

/**
 * API answers carry tokens and personal data: no browser or proxy cache keeps them unless a
 * route says otherwise (the config GETs revalidate by ETag; media are immutable).
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
