import type { AppConfig } from '../../../../shared/contracts/app-config';
import type { Category } from '../../../../shared/contracts/category';
import type { GuardRule } from '../../../../shared/contracts/guard-rule';
import type { Route } from '../../../../shared/contracts/route';
import { collectGuardRules } from '../../../../shared/guard/collect-guard-rules';
import { createRouteTable, type RouteTable } from '../../../../shared/routes/route-table';
import { fetchJson } from '../api/fetch-json';

/** Everything the client builds itself from: the config service's answers. */
export interface ClientConfig {
  app: AppConfig;
  routes: Route[];
  categories: Category[];
  table: RouteTable;
  guardRules: GuardRule[];
}

/** The bodies of `GET /api/config/app`, `/routes` and `/categories`, as they came. */
export interface ConfigAnswers {
  app: unknown;
  routes: unknown;
  categories: unknown;
}

/** Loads app, routes and categories in parallel (the browser revalidates them by ETag). */
export async function fetchConfigAnswers(): Promise<ConfigAnswers> {
  const [app, routes, categories] = await Promise.all(['/api/config/app', '/api/config/routes', '/api/config/categories'].map((url) => fetchJson('GET', url)));
  return { app, routes, categories };
}

/**
 * The client's config built from the answers before they are checked: the server builds them
 * from the same contracts (server/config/schema-store), and the check (`checkConfigAnswers`,
 * with zod) runs once the first screen is up, keeping zod off the sign-in page; main.tsx shows
 * the startup error when it fails.
 */
export function clientConfigOf(answers: ConfigAnswers): ClientConfig {
  const app = answers.app as AppConfig;
  const { routes } = answers.routes as { routes: Route[] };
  const { categories } = answers.categories as { categories: Category[] };
  return { app, routes, categories, table: createRouteTable(routes), guardRules: collectGuardRules(categories) };
}
