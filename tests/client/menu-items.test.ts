import { describe, expect, it } from 'vitest';
import { createAbility } from '../../shared/ability/create-ability';
import type { MenuGroupConfig } from '../../shared/contracts/app-config';
import type { Route } from '../../shared/contracts/route';
import { menuGroups } from '../../client/src/app/layouts/menu-items';

const routes: Route[] = [
  { name: 'dashboard', path: '/dashboard', page: 'dashboard', meta: { title: 'Dashboard', requiresAuth: true } },
  {
    name: 'potential-matches',
    path: '/potential-matches',
    page: 'potential-matches',
    meta: { title: 'Potential matches', requiresAuth: true, resource: 'Quote' },
  },
  { name: 'messages', path: '/messages', page: 'messages', meta: { title: 'Messages', requiresAuth: true, resource: 'Message' } },
  {
    name: 'change-plan',
    path: '/change-plan',
    page: 'change-plan',
    meta: { title: 'Change plan', requiresAuth: true, authorize: ['admin'], action: 'manage', resource: 'Billing' },
  },
];

const menu: MenuGroupConfig[] = [
  { title: null, items: [{ route: 'dashboard', icon: 'home' }] },
  { title: 'Quotes', items: [{ route: 'potential-matches', badge: 'newMatches' }, { route: 'submitted-quotes' }] },
  { title: 'Customers', items: [{ route: 'messages' }] },
  { title: 'Billing', items: [{ route: 'change-plan' }] },
];

describe('menuGroups', () => {
  it('when the vendor may do everything, then every configured item shows under its group', () => {
    const groups = menuGroups(menu, routes, createAbility([{ action: 'manage', subject: 'all' }]), 'admin');
    expect(groups.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      [null, ['Dashboard']],
      ['Quotes', ['Potential matches']],
      ['Customers', ['Messages']],
      ['Billing', ['Change plan']],
    ]);
  });

  it('when an entry names a route this build does not have, then it is left out, and its icon and badge travel with the rest', () => {
    const groups = menuGroups(menu, routes, createAbility([{ action: 'manage', subject: 'all' }]), 'admin');
    expect(groups[1]?.items).toEqual([
      { key: 'potential-matches', label: 'Potential matches', path: '/potential-matches', icon: undefined, badge: 'newMatches' },
    ]);
    expect(groups[0]?.items[0]?.icon).toBe('home');
  });

  it('when the ability or the authorize list forbids a route, then its item and any emptied group are hidden', () => {
    const groups = menuGroups(
      menu,
      routes,
      createAbility([
        { action: 'read', subject: 'Message' },
        { action: 'manage', subject: 'Billing' },
      ]),
      'client',
    );
    expect(groups.map((g) => g.group)).toEqual([null, 'Customers']);
  });
});
