import type { AppAbility } from '../../../../shared/ability/create-ability';
import type { MenuBadgeSource, MenuGroupConfig, MenuIconName } from '../../../../shared/contracts/app-config';
import type { Route } from '../../../../shared/contracts/route';

export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  icon?: MenuIconName;
  badge?: MenuBadgeSource;
}

export interface MenuGroup {
  group: string | null;
  icon?: MenuIconName;
  items: MenuEntry[];
}

/** Whether the vendor may open a route: its ability check and its authorize list (as the guard decides). */
export function mayOpen(route: Route, ability: AppAbility, role: string | null | undefined): boolean {
  const { resource, action, authorize } = route.meta;
  if (resource && !ability.can(action ?? 'read', resource)) return false;
  return !authorize || authorize.includes(role ?? '');
}

/**
 * The menu of `app.json` with the entries this vendor may open (the route's ability check and
 * authorize list); empty groups are left out. Labels are the routes' titles.
 */
export function menuGroups(menu: readonly MenuGroupConfig[], routes: readonly Route[], ability: AppAbility, role: string | null | undefined): MenuGroup[] {
  const byName = new Map(routes.map((r) => [r.name, r]));
  return menu
    .map(({ title, icon, items }) => ({
      group: title,
      icon,
      items: items.flatMap((item) => {
        const route = byName.get(item.route);
        if (!route || !mayOpen(route, ability, role)) return [];
        return [{ key: route.name, label: route.meta.title ?? route.name, path: route.path, icon: item.icon, badge: item.badge }];
      }),
    }))
    .filter((g) => g.items.length > 0);
}
