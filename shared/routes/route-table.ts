import type { Route } from '../contracts/route';
import { normalizePath } from './normalize-path';

/** A route matched against a concrete path, with its `:params`. */
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Name → route and path → route lookups over one set of routes. */
export interface RouteTable {
  readonly routes: readonly Route[];
  /** The best match for a path (literal segments beat params, as in react-router), or null. */
  match(path: string): RouteMatch | null;
  /** The route called `name`, or undefined. */
  byName(name: string): Route | undefined;
  /** The path of a parameterless route; throws if the route is unknown or takes params. */
  pathOf(name: string): string;
}

interface Compiled {
  route: Route;
  segments: string[];
}

/** Builds a RouteTable; literal segments match case-insensitively, params keep their case. */
export function createRouteTable(routes: readonly Route[]): RouteTable {
  const byName = new Map(routes.map((r) => [r.name, r]));
  const exact = new Map<string, Route>();
  const withParams: Compiled[] = [];
  for (const route of routes) {
    if (route.path.includes(':')) {
      withParams.push({ route, segments: route.path.split('/').filter(Boolean) });
    } else if (!exact.has(route.path.toLowerCase())) {
      exact.set(route.path.toLowerCase(), route);
    }
  }

  return {
    routes,
    byName: (name) => byName.get(name),
    pathOf(name) {
      const route = byName.get(name);
      if (!route) throw new Error(`Unknown route name "${name}"`);
      if (route.path.includes(':')) throw new Error(`Route "${name}" needs params`);
      return route.path;
    },
    match(location) {
      const path = normalizePath(location);
      const literal = exact.get(path.toLowerCase());
      if (literal) return { route: literal, params: {} };
      const parts = path.split('/').filter(Boolean);
      let best: RouteMatch | null = null;
      let bestScore = -1;
      for (const candidate of withParams) {
        if (candidate.segments.length !== parts.length) continue;
        let score = 0;
        const params: Record<string, string> = {};
        const fits = candidate.segments.every((segment, i) => {
          const part = parts[i] as string;
          if (segment.startsWith(':')) {
            params[segment.slice(1)] = safeDecode(part);
            score += 1;
            return true;
          }
          score += 2;
          return segment.toLowerCase() === part.toLowerCase();
        });
        if (fits && score > bestScore) {
          best = { route: candidate.route, params };
          bestScore = score;
        }
      }
      return best;
    },
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
