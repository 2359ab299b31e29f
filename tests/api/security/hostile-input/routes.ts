import type express from 'express';

/** One method of one path the app answers: read from Express's router, or one of createApp's fast paths. */
export interface MountedRoute {
  method: string;
  /** The path as mounted, `:name` for each parameter (a regexp route: a path it matches). */
  pattern: string;
  /** The names of the path's parameters, in order. */
  params: string[];
  /** `router`: found in Express's stack; `fast-path`: answered in front of Express (app.ts), listed here by hand. */
  source: 'router' | 'fast-path';
}

/**
 * The GETs createApp answers before Express (config, a vendor's quote list, a public vendor's
 * answer): not in the router's stack, so named here. Two of them have an Express route too.
 */
export const FAST_PATHS: readonly string[] = [
  '/api/config/app',
  '/api/config/routes',
  '/api/config/categories',
  '/api/config/plans',
  '/api/config/forms/:formId',
  '/api/quotes',
  '/api/public/vendors/:adminId',
];

/** What this file reads of router 2's layers (Express 5): a route, or a nested router's stack, under the path it was mounted with. */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: Layer[] };
}

const METHODS_OF_ALL = ['get', 'post'];

/** A path that `pattern` matches: groups become `1`, escapes are undone; throws when that does not match (a route this walker cannot reach). */
function samplePathOf(pattern: RegExp): string {
  const sample = pattern.source
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/\((?:[^()\\]|\\.)*\)/g, '1')
    .replace(/\\(.)/g, '$1');
  if (!pattern.test(sample)) throw new Error(`Cannot make a path that the route ${String(pattern)} matches: give the walker a sample for it`);
  return sample;
}

/** Path strings as router 2 (path-to-regexp 8) reads them: `{…}` optional parts taken, `*name` wildcards as `:name`. */
function pathsOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(pathsOf);
  if (raw instanceof RegExp) return [samplePathOf(raw)];
  if (typeof raw !== 'string') return [];
  return [raw.replace(/[{}]/g, '').replace(/\*(\w+)/g, ':$1')];
}

function join(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

function walk(stack: Layer[], prefix: string, found: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((method) => layer.route?.methods[method]);
      const expanded = methods.flatMap((method) => (method === '_all' ? METHODS_OF_ALL : [method]));
      for (const path of pathsOf(layer.route.path)) {
        const pattern = join(prefix, path);
        const params = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
        for (const method of expanded) found.push({ method: method.toUpperCase(), pattern, params, source: 'router' });
      }
    } else if (layer.handle?.stack) {
      const mounts = layer.rawPath === undefined ? ['/'] : pathsOf(layer.rawPath);
      for (const mount of mounts) walk(layer.handle.stack, join(prefix, mount), found);
    }
  }
}

/**
 * Every method and path the app mounts, in stack order: Express's router walked recursively
 * (modules mount their routers with `app.use(router)`, some under a prefix), then the fast paths
 * that have no Express route of their own. A route added to any module is walked without
 * editing the corpus.
 */
export function mountedRoutes(app: express.Express): MountedRoute[] {
  const root = (app as unknown as { router?: { stack?: Layer[] } }).router?.stack;
  if (!root) throw new Error('The Express app has no router stack: has Express changed how it exposes its layers?');
  const found: MountedRoute[] = [];
  walk(root, '', found);
  const known = new Set(found.map((route) => `${route.method} ${route.pattern}`));
  for (const pattern of FAST_PATHS) {
    if (known.has(`GET ${pattern}`)) continue;
    found.push({ method: 'GET', pattern, params: [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''), source: 'fast-path' });
  }
  const seen = new Set<string>();
  return found.filter((route) => {
    const key = `${route.method} ${route.pattern}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
