import { describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import routesJson from '../../../schemas/routes.json';
import { createAbility } from '../../../shared/ability/create-ability';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import { routesFileSchema, type Route } from '../../../shared/contracts/route';
import { menuGroups } from '../../../client/src/app/layouts/menu-items';

const app = appConfigSchema.parse(appJson);
const routes: Route[] = routesFileSchema.parse(routesJson).routes.map((entry) => ({ ...entry, page: entry.page ?? entry.name }));

function billingGroup(role: 'admin' | 'client') {
  const groups = menuGroups(app.menu, routes, createAbility(rulesForRole(role)), role);
  return groups.find((group) => group.group === 'Billing');
}

describe("the menu's Billing section (schemas/app.json with the roles' real abilities)", () => {
  it('when the owner opens the menu, then Billing lists the billing page, Change plan and Buy more credits', () => {
    expect(billingGroup('admin')?.items.map((item) => [item.label, item.path])).toEqual([
      ['Billing', '/billing'],
      ['Change plan', '/change-plan'],
      ['Buy more credits', '/buy-more-credits'],
    ]);
  });

  it('when a team member opens the menu, then no billing item shows and the section is gone', () => {
    expect(billingGroup('client')).toBeUndefined();
    const labels = menuGroups(app.menu, routes, createAbility(rulesForRole('client')), 'client').flatMap((group) => group.items.map((item) => item.path));
    expect(labels.filter((path) => ['/billing', '/change-plan', '/buy-more-credits', '/activate-subscription'].includes(path))).toEqual([]);
  });
});
