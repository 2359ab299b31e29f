import { describe, expect, it } from 'vitest';
import type { CategoryFile } from '../../../shared/contracts/category';
import { categoryRouteNames, categoryRoutes } from '../../../shared/routes/category-routes';

const RENTALS: CategoryFile = {
  id: 'rentals',
  label: 'Rentals',
  vendorTypeId: 10,
  slugs: { profile: 'rentals', quoteDetail: 'rental', autoResponse: 'rental' },
  settings: { version: 1, title: 'Rental settings', schema: { type: 'object' }, uiSchema: {} },
  leadCost: 1,
  fit: [],
};

const { settings: _settings, ...RENTALS_WITHOUT_SETTINGS } = RENTALS;

describe('categoryRouteNames', () => {
  it('when a category has a settings form, then its four route names follow its slugs and id', () => {
    expect(categoryRouteNames(RENTALS)).toEqual({
      profile: 'rentals-profile',
      quoteDetail: 'rental-quote-detail',
      autoResponse: 'auto-response-rental',
      settings: 'update-rentals-settings',
    });
  });

  it('when a category has no settings form, then it has no settings route name', () => {
    expect(categoryRouteNames(RENTALS_WITHOUT_SETTINGS)).not.toHaveProperty('settings');
  });
});

describe('categoryRoutes', () => {
  it('when a category has a settings form, then four signed-in routes are generated on the seed paths', () => {
    const routes = categoryRoutes(RENTALS);
    expect(routes.map((r) => [r.name, r.path, r.page, r.category, r.meta.requiresAuth])).toEqual([
      ['rentals-profile', '/rentals/:id', 'category-profile', 'rentals', true],
      ['rental-quote-detail', '/rental-quote-detail/:id', 'quote-detail', 'rentals', true],
      ['auto-response-rental', '/auto-response/rental', 'auto-response', 'rentals', true],
      ['update-rentals-settings', '/update-rentals-settings', 'category-settings', 'rentals', true],
    ]);
  });

  it('when the profile route is generated, then it is a full page (no header, no sidebar)', () => {
    expect(categoryRoutes(RENTALS)[0]?.meta.layout).toBe('full');
  });

  it('when the form routes are generated, then their form id is their route name', () => {
    const byName = new Map(categoryRoutes(RENTALS).map((r) => [r.name, r.formId]));
    expect(byName.get('auto-response-rental')).toBe('auto-response-rental');
    expect(byName.get('update-rentals-settings')).toBe('update-rentals-settings');
  });

  it('when the settings form has a title, then the settings route uses it', () => {
    expect(categoryRoutes(RENTALS)[3]?.meta.title).toBe('Rental settings');
  });

  it('when a category has no settings form, then only the three seed families are generated', () => {
    expect(categoryRoutes(RENTALS_WITHOUT_SETTINGS).map((r) => r.path)).toEqual(['/rentals/:id', '/rental-quote-detail/:id', '/auto-response/rental']);
  });
});
