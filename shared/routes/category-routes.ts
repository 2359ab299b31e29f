import type { CategoryFile } from '../contracts/category';
import type { Route } from '../contracts/route';

/** Route (and form) names of one category's generated routes. */
export interface CategoryRouteNames {
  profile: string;
  quoteDetail: string;
  autoResponse: string;
  settings?: string;
}

/** The names of a category's generated routes; the settings name exists only with a settings form. */
export function categoryRouteNames(category: Pick<CategoryFile, 'id' | 'slugs' | 'settings'>): CategoryRouteNames {
  return {
    profile: `${category.slugs.profile}-profile`,
    quoteDetail: `${category.slugs.quoteDetail}-quote-detail`,
    autoResponse: `auto-response-${category.slugs.autoResponse}`,
    ...(category.settings ? { settings: `update-${category.id}-settings` } : {}),
  };
}

/**
 * The route families docs/specification.md §2 defines per category: `/{profile}/:id` (full page),
 * `/{quoteDetail}-quote-detail/:id`, `/auto-response/{autoResponse}`, and, when the category
 * has a settings form, `/update-{id}-settings`.
 */
export function categoryRoutes(category: CategoryFile): Route[] {
  const names = categoryRouteNames(category);
  const { label, id } = category;
  const routes: Route[] = [
    {
      name: names.profile,
      path: `/${category.slugs.profile}/:id`,
      page: 'category-profile',
      category: id,
      meta: { title: `${label} profile`, requiresAuth: true, layout: 'full' },
    },
    {
      name: names.quoteDetail,
      path: `/${category.slugs.quoteDetail}-quote-detail/:id`,
      page: 'quote-detail',
      category: id,
      meta: { title: `${label} quote request`, requiresAuth: true },
    },
    {
      name: names.autoResponse,
      path: `/auto-response/${category.slugs.autoResponse}`,
      page: 'auto-response',
      category: id,
      formId: names.autoResponse,
      meta: { title: `${label} auto-response`, requiresAuth: true },
    },
  ];
  if (names.settings) {
    routes.push({
      name: names.settings,
      path: `/${names.settings}`,
      page: 'category-settings',
      category: id,
      formId: names.settings,
      meta: { title: category.settings?.title ?? `${label} settings`, requiresAuth: true },
    });
  }
  return routes;
}
