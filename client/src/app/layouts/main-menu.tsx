import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { Link, useNavigate } from 'react-router-dom';
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
              // A real link (middle click, ⌘-click, Copy link); its ::before covers the whole entry.
              label: (
                <Link to={entry.path} className="menu-link" tabIndex={-1}>
                  {count ? (
                    <span className="main-menu__label">
                      {label} <Badge count={count} size="small" aria-label={t('shell.menuBadge', { count })} />
                    </span>
                  ) : (
                    label
                  )}
                </Link>
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

  // A click lands on the entry's link, which routes (or, with a modifier, opens a tab) by itself;
  // Enter on the focused entry comes here alone.
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const mouse = domEvent as Partial<Pick<MouseEvent, 'metaKey' | 'ctrlKey' | 'shiftKey' | 'button'>>;
    const toNewTab = mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.button === 1;
    if (!(domEvent.target as Element).closest('a')) void navigate(key);
    if (!toNewTab) onNavigate?.();
  };

  return <Menu mode={mode} theme={theme} items={items} selectedKeys={route ? [route.path] : []} onClick={onClick} className={`main-menu main-menu--${mode}`} />;
}
