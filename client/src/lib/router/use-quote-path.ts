import { useCallback } from 'react';
import { generatePath } from 'react-router-dom';
import type { Category } from '../../../../shared/contracts/category';
import type { RouteTable } from '../../../../shared/routes/route-table';
import { useConfig } from '../config/config-context';

/**
 * The path of a quote's page: its category's quote-detail route (`/{slug}-quote-detail/:id`)
 * from the route table; null when the category is not configured (any more).
 */
export function quotePathOf(categories: readonly Category[], table: Pick<RouteTable, 'byName'>, quote: { id: string; category: string }): string | null {
  const name = categories.find((category) => category.id === quote.category)?.routes.quoteDetail;
  const route = name ? table.byName(name) : undefined;
  return route ? generatePath(route.path, { id: quote.id }) : null;
}

/** `quotePathOf` over the loaded config. */
export function useQuotePath(): (quote: { id: string; category: string }) => string | null {
  const { categories, table } = useConfig();
  return useCallback((quote) => quotePathOf(categories, table, quote), [categories, table]);
}
