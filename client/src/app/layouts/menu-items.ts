import type { Route } from '../../../../shared/contracts/route';
import type { AppAbility } from '../../../../shared/ability/create-ability';

/** The sidebar's structure by route name; labels come from the routes' titles. */
const MENU: { group: string | null; routes: string[] }[] = [
  { group: null, routes: ['dashboard'] },
  { group: 'Quotes', routes: ['potential-matches', 'submitted-quotes', 'accepted-quotes', 'completed-quotes', 'rejected-quotes', 'closed-matches'] },
  { group: 'Customers', routes: ['messages', 'reviews'] },
  { group: 'Business', routes: ['edit-profile', 'business-details', 'all-forms', 'blackout-dates'] },
  { group: 'Billing', routes: ['change-plan', 'buy-more-credits'] },
  { group: 'Account', routes: ['settings', 'contact'] },
];

export interface MenuEntry {
  key: string;
  label: string;
  path: string;
}

export interface MenuGroup {
  group: string | null;
  items: MenuEntry[];
}

/** Menu groups with the routes this vendor may open; empty groups are left out. */
export function menuGroups(routes: readonly Route[], ability: AppAbility, role: string | null | undefined): MenuGroup[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  return MENU.map(({ group, routes: names }) => ({
    group,
    items: names.flatMap((name) => {
      const route = byName.get(name);
      if (!route) return [];
      const { resource, action, authorize, title } = route.meta;
      if (resource && !ability.can(action ?? 'read', resource)) return [];
      if (authorize && !authorize.includes(role ?? '')) return [];
      return [{ key: name, label: title ?? name, path: route.path }];
    }),
  })).filter((g) => g.items.length > 0);
}
