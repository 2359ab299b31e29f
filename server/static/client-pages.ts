import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { pageSecurityHeaders } from '../http/security-headers';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/** Reads index.html, re-reading it only when a new build replaced it. */
function indexHtmlReader(file: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  return (): string | null => {
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}

/**
 * Serves the built client: hashed assets cached forever, and every other GET path (history
 * mode) answered with index.html carrying this response's CSP nonce. A missing asset is a 404,
 * never index.html, so the client can tell a stale deploy from a slow network.
 */
export function clientPages(clientDir: string): Router {
  const router = Router();
  const readIndex = indexHtmlReader(path.join(clientDir, 'index.html'));
  router.use(pageSecurityHeaders);
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (_req, res) => {
    const html = readIndex();
    res.setHeader('Cache-Control', 'no-cache');
    if (!html) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    res.type('html').send(html.replace(NONCE_PLACEHOLDER, res.locals.cspNonce as string));
  });
  return router;
}
