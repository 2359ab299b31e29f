import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { useSessionVendor } from '../../lib/session/use-session';
import { useMenuBadges } from './menu-badges';
import { menuIcon } from './menu-icons';
import { menuGroups } from './menu-items';

interface Props {
  mode: 'inline' | 'horizontal';
  theme?: 'light' | 'dark';
  /** After an entry is chosen (the overlay menu closes). */
  onNavigate?: () => void;
}

/**
 * The menu of `app.json`: entries the vendor's ability allows, empty groups hidden, a badge where
 * a feature counts something. Inline (the sidebar) shows groups as headings; horizontal as
 * dropdowns. The active entry follows the route.
 */
export function MainMenu({ mode, theme = 'light', onNavigate }: Props) {
  const { app, routes } = useConfig();
  const ability = useAppAbility();
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const badges = useMenuBadges();
  const { t } = useTranslation();
  const role = useSessionVendor()?.role;

  const items = useMemo<MenuProps['items']>(
    () =>
      menuGroups(app.menu, routes, ability, role)
        .map(({ group, icon, items: entries }) => {
          const children = entries.map((entry) => {
            const count = entry.badge ? badges[entry.badge] : undefined;
            const label = t(entry.label);
            return {
              key: entry.path,
              icon: menuIcon(entry.icon),
              label: count ? (
                <span className="main-menu__label">
                  {label} <Badge count={count} size="small" aria-label={t('shell.menuBadge', { count })} />
                </span>
              ) : (
                label
              ),
            };
          });
          if (!group) return children;
          const title = t(group);
          return mode === 'horizontal'
            ? [{ key: `group:${group}`, icon: menuIcon(icon), label: title, children }]
            : [{ type: 'group' as const, key: `group:${group}`, label: title, children }];
        })
        .flat(),
    [app.menu, routes, ability, role, badges, mode, t],
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    void navigate(key);
    onNavigate?.();
  };

  return <Menu mode={mode} theme={theme} items={items} selectedKeys={route ? [route.path] : []} onClick={onClick} className={`main-menu main-menu--${mode}`} />;
}
