import { z } from 'zod';
import { appConfigSchema, type AppConfig } from '../../../../shared/contracts/app-config';
import { categorySchema, type Category } from '../../../../shared/contracts/category';
import type { GuardRule } from '../../../../shared/contracts/guard-rule';
import { routeSchema, type Route } from '../../../../shared/contracts/route';
import { collectGuardRules } from '../../../../shared/guard/collect-guard-rules';
import { createRouteTable, type RouteTable } from '../../../../shared/routes/route-table';
import { http } from '../api/http';

/** Everything the client builds itself from: the config service's answers, checked. */
export interface ClientConfig {
  app: AppConfig;
  routes: Route[];
  categories: Category[];
  table: RouteTable;
  guardRules: GuardRule[];
}

const routesResponse = z.object({ routes: z.array(routeSchema) });
const categoriesResponse = z.object({ categories: z.array(categorySchema) });

/** Loads app, routes and categories in parallel (the browser revalidates them by ETag). */
export async function loadClientConfig(): Promise<ClientConfig> {
  const [app, routes, categories] = await Promise.all([
    http.get('/api/config/app').then((r) => appConfigSchema.parse(r.data)),
    http.get('/api/config/routes').then((r) => routesResponse.parse(r.data).routes),
    http.get('/api/config/categories').then((r) => categoriesResponse.parse(r.data).categories),
  ]);
  return { app, routes, categories, table: createRouteTable(routes), guardRules: collectGuardRules(categories) };
}
