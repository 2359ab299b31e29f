import { describe, expect, it } from 'vitest';
import type { Category } from '../../../shared/contracts/category';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import { quotePathOf } from '../../../client/src/lib/router/use-quote-path';
import { vendorCategories } from '../../../client/src/features/quotes/vendor-categories';

function category(id: string, vendorTypeId: number, quoteDetail: string): Category {
  return {
    id,
    label: id,
    serviceName: id,
    priceLine: 'Packages start at {price}.',
    vendorTypeId,
    slugs: { profile: id, quoteDetail, autoResponse: id },
    routes: { profile: `${id}-profile`, quoteDetail: `${quoteDetail}-quote-detail`, autoResponse: `auto-response-${id}` },
    forms: { autoResponse: `auto-response-${id}`, request: `request-${id}`, quote: `quote-${id}` },
    leadCost: 1,
  };
}

const categories = [category('bakery', 1, 'bakery'), category('rentals', 10, 'rental'), category('florist', 6, 'florist')];
const routes: Route[] = [
  {
    name: 'bakery-quote-detail',
    path: '/bakery-quote-detail/:id',
    page: 'quote-detail',
    category: 'bakery',
    meta: { title: 'Bakery quote request', requiresAuth: true },
  },
  {
    name: 'rental-quote-detail',
    path: '/rental-quote-detail/:id',
    page: 'quote-detail',
    category: 'rentals',
    meta: { title: 'Rentals quote request', requiresAuth: true },
  },
];
const table = createRouteTable(routes);

describe('quotePathOf', () => {
  it('when a quote is of a category, then its link is that category’s quote-detail route (its own slug) with the id', () => {
    expect(quotePathOf(categories, table, { id: 'q-1', category: 'bakery' })).toBe('/bakery-quote-detail/q-1');
    expect(quotePathOf(categories, table, { id: 'q-2', category: 'rentals' })).toBe('/rental-quote-detail/q-2');
  });

  it('when the category or its route is not configured, then there is no link', () => {
    expect(quotePathOf(categories, table, { id: 'q-3', category: 'venue' })).toBeNull();
    expect(quotePathOf(categories, table, { id: 'q-4', category: 'florist' })).toBeNull();
  });
});

describe('vendorCategories', () => {
  it('when the vendor offers some vendor types, then those categories come back in the config’s order', () => {
    expect(vendorCategories(categories, { category: [{ vendor_type_id: 6 }, { vendor_type_id: 1 }] }).map((c) => c.id)).toEqual(['bakery', 'florist']);
  });

  it('when there is no vendor or it offers nothing, then there are none', () => {
    expect(vendorCategories(categories, null)).toEqual([]);
    expect(vendorCategories(categories, { category: null })).toEqual([]);
  });
});
