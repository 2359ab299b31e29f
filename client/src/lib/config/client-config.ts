import { appConfigSchema, type AppConfig } from '../../../../shared/contracts/app-config';
import { categoriesResponseSchema, type Category } from '../../../../shared/contracts/category';
import type { GuardRule } from '../../../../shared/contracts/guard-rule';
import { routesResponseSchema, type Route } from '../../../../shared/contracts/route';
import { collectGuardRules } from '../../../../shared/guard/collect-guard-rules';
import { createRouteTable, type RouteTable } from '../../../../shared/routes/route-table';
import { getJson } from '../api/get-data';

/** Everything the client builds itself from: the config service's answers, checked. */
export interface ClientConfig {
  app: AppConfig;
  routes: Route[];
  categories: Category[];
  table: RouteTable;
  guardRules: GuardRule[];
}

/** Loads app, routes and categories in parallel (the browser revalidates them by ETag). */
export async function loadClientConfig(): Promise<ClientConfig> {
  const [app, routes, categories] = await Promise.all([
    getJson(appConfigSchema, '/api/config/app'),
    getJson(routesResponseSchema, '/api/config/routes').then((body) => body.routes),
    getJson(categoriesResponseSchema, '/api/config/categories').then((body) => body.categories),
  ]);
  return { app, routes, categories, table: createRouteTable(routes), guardRules: collectGuardRules(categories) };
}
