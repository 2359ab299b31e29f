import { Button, Grid, Layout, Menu, Typography, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import { readVendor } from '../../lib/session/session';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { menuGroups } from './menu-items';
import { UserMenu } from './user-menu';

const { Header, Sider, Content, Footer } = Layout;

function useMenu(): { items: MenuProps['items']; selected: string[] } {
  const { routes } = useConfig();
  const ability = useAppAbility();
  const route = useCurrentRoute();
  const role = readVendor()?.role;
  const items = useMemo<MenuProps['items']>(
    () =>
      menuGroups(routes, ability, role).map(({ group, items: entries }) => {
        const children = entries.map((e) => ({ key: e.path, label: e.label }));
        return group ? { type: 'group' as const, key: group, label: group, children } : (children[0] ?? null);
      }),
    [routes, ability, role],
  );
  return { items, selected: route ? [route.path] : [] };
}

/**
 * The signed-in shell. `shell`: the configured layout type (vertical sidebar or horizontal top
 * menu, a route's `layout` may force one); `sidebar-only`: the sidebar without the header.
 */
export function ShellLayout({ variant }: { variant: 'shell' | 'sidebar-only' }) {
  const { app } = useConfig();
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const isPhone = !screens.lg;
  const [collapsed, setCollapsed] = useState(app.layout.menu.isCollapsed);
  const { items, selected } = useMenu();
  const type = route?.meta.layout === 'horizontal' || route?.meta.layout === 'vertical' ? route.meta.layout : app.layout.type;
  const horizontal = variant === 'shell' && type === 'horizontal' && !isPhone;
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    void navigate(key);
    if (isPhone) setCollapsed(true);
  };

  const brand = (
    <Typography.Title level={4} className="shell__brand">
      {app.displayName}
    </Typography.Title>
  );

  const header = variant === 'shell' && (
    <Header className="shell__header" data-navbar-type={app.layout.navbar.type}>
      {!horizontal && (
        <Button
          type="text"
          aria-label={collapsed ? 'Open menu' : 'Close menu'}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed((c) => !c)}
        />
      )}
      {horizontal && brand}
      {horizontal && <Menu mode="horizontal" items={items} selectedKeys={selected} onClick={onMenuClick} className="shell__top-menu" />}
      <UserMenu />
    </Header>
  );

  return (
    <Layout className="shell" data-layout={horizontal ? 'horizontal' : variant === 'shell' ? 'vertical' : 'sidebar-only'}>
      {!horizontal && !app.layout.menu.isHidden && (
        <Sider
          className="shell__sider"
          width={260}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          collapsedWidth={isPhone ? 0 : 80}
          trigger={null}
          theme="light"
          aria-label="Main menu"
        >
          {brand}
          <Menu mode="inline" items={items} selectedKeys={selected} onClick={onMenuClick} />
        </Sider>
      )}
      <Layout>
        {header}
        <Content className={`shell__content shell__content--${app.layout.contentWidth}`}>
          <Outlet />
        </Content>
        {app.layout.footer.type !== 'hidden' && (
          <Footer className="shell__footer">
            © {new Date().getFullYear()} {app.displayName}
          </Footer>
        )}
      </Layout>
    </Layout>
  );
}
