import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { pickEncoding } from './precomputed-response';
import { pageSecurityHeaders } from './security-headers';

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

const ASSET_CACHE = { immutable: true, maxAge: '1y' } as const;

/**
 * The brotli or gzip copy the build wrote beside an asset (scripts/precompress-assets.ts), when
 * the browser accepts it: sent with the asset's own type and `Vary: Accept-Encoding`. Anything
 * else (no copy, identity only, a name that is not a plain file of the folder) falls through to
 * express.static.
 */
function precompressedAssets(dir: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.vary('Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const name = req.path.slice(1);
    if (encoding === 'identity' || !/^[\w.-]+$/.test(name) || name.startsWith('.')) return next();
    const file = path.join(dir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`);
    stat(file).then(
      (info) => {
        if (!info.isFile()) return next();
        res.type(path.extname(name));
        res.setHeader('Content-Encoding', encoding);
        res.sendFile(file, { ...ASSET_CACHE, dotfiles: 'deny' }, (error) => {
          // A browser that went away mid-download (a reload, a closed tab) is not a server error.
          if (error && !res.headersSent && (error as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(error);
        });
      },
      () => next(),
    );
  };
}

/**
 * Serves the built client: hashed assets cached forever (precompressed when the browser takes
 * it), and every other GET path (history mode) answered with index.html carrying this
 * response's CSP nonce. A missing asset is a 404, never index.html, so the client can tell a
 * stale deploy from a slow network.
 */
export function clientPages(clientDir: string): Router {
  const router = Router();
  const readIndex = indexHtmlReader(path.join(clientDir, 'index.html'));
  router.use(pageSecurityHeaders);
  const assets = path.join(clientDir, 'assets');
  router.use('/assets', precompressedAssets(assets), express.static(assets, { ...ASSET_CACHE, index: false, fallthrough: false }));
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
