import { z } from 'zod';

/** A route or category name: lower-case words joined by `-` or `_`. */
export const nameSchema = z.string().regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'must be lower-case words joined by "-" or "_"');

const segment = /^(?:[a-z0-9]+(?:[-_][a-z0-9]+)*|:[a-zA-Z][a-zA-Z0-9]*)$/;

/** A react-router path: `/`, or `/`-separated literal segments and `:params`. */
export const routePathSchema = z.string().refine(
  (path) =>
    path === '/' ||
    (path.startsWith('/') &&
      path
        .slice(1)
        .split('/')
        .every((s) => segment.test(s))),
  'must be "/" or "/"-separated lower-case segments and :params, e.g. /reset-password/:token',
);

/** Layout values: `full` has no header or sidebar, `sidebar-only` no header; absent uses the configured layout type. */
export const layoutSchema = z.enum(['full', 'sidebar-only', 'vertical', 'horizontal']);

/** The metadata of a route (docs/specification.md §2), as served by `GET /api/config/routes`. */
export const routeMetaSchema = z.strictObject({
  title: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
  requiresAuth: z.boolean().optional(),
  redirectIfLoggedIn: z.boolean().optional(),
  authorize: z.array(z.string().min(1)).min(1).optional(),
  action: z.string().min(1).optional(),
  resource: z.string().min(1).optional(),
  layout: layoutSchema.optional(),
});

/** The page families whose routes are generated from the category files. */
export const categoryFamilySchema = z.enum(['category-profile', 'quote-detail', 'auto-response', 'category-settings']);

/**
 * One entry of `schemas/routes.json`. `page` names the client page; it defaults to `name`.
 * `formId` names the form a screen edits when it is not the route's own (a second screen of a form).
 */
export const routeEntrySchema = z.strictObject({
  name: nameSchema,
  path: routePathSchema,
  page: nameSchema.optional(),
  formId: nameSchema.optional(),
  meta: routeMetaSchema.default({}),
});

/** `schemas/routes.json`. */
export const routesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  routes: z.array(routeEntrySchema).min(1),
});

/** A route as served to clients: static entries plus the generated category families. */
export const routeSchema = z.strictObject({
  name: nameSchema,
  path: routePathSchema,
  page: nameSchema,
  category: nameSchema.optional(),
  formId: nameSchema.optional(),
  meta: routeMetaSchema,
});

/** `GET /api/config/routes`. */
export const routesResponseSchema = z.object({ routes: z.array(routeSchema) });

export type RouteMeta = z.infer<typeof routeMetaSchema>;
export type RouteEntry = z.infer<typeof routeEntrySchema>;
export type Route = z.infer<typeof routeSchema>;
export type CategoryFamily = z.infer<typeof categoryFamilySchema>;
export type Layout = z.infer<typeof layoutSchema>;
