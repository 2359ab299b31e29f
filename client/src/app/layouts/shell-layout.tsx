import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Typography, theme } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useNewMatches } from '../../features/quotes/use-new-matches';
import { useConfig } from '../../lib/config/config-context';
import { colourOf, isDarkMenu } from '../../lib/layout/antd-theme';
import { useLayout } from '../../lib/layout/layout-context';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { Customizer } from './customizer';
import { MainMenu } from './main-menu';
import { MenuBadgeContext } from './menu-badges';
import { NavbarSearch } from './navbar-search';
import { RouteTransition } from './route-transition';
import { ScrollToTop } from './scroll-to-top';
import { UserMenu } from './user-menu';
import { VerifyEmailBanner } from './verify-email-banner';
import { useUnreadMessages } from '../../lib/messages/messages-api';
import { useAppAbility } from '../../lib/ability/ability-context';

const { Header, Sider, Content, Footer } = Layout;

function Brand() {
  const { app } = useConfig();
  return (
    <Typography.Text className="shell__brand" translate="no">
      {app.displayName}
    </Typography.Text>
  );
}

/** The navbar's background from the layout settings: a theme colour, with text that stays readable. */
function useNavbarStyle(): CSSProperties | undefined {
  const { settings } = useLayout();
  const { token } = theme.useToken();
  const colour = settings.navbar.backgroundColor;
  if (!colour) return undefined;
  return { background: colourOf(colour, token), color: colour === 'light' ? token.colorText : '#fff' };
}

/**
 * The signed-in shell. `shell`: the configured layout type (a vertical sidebar, or a horizontal
 * top menu; a route's `layout` may force one) with navbar and footer as the layout settings say;
 * `sidebar-only` (`/edit-profile`): the sidebar without navbar. Below lg the menu is an overlay.
 */
export function ShellLayout({ variant }: { variant: 'shell' | 'sidebar-only' }) {
  const { app } = useConfig();
  const { settings, update, overlay, overlayOpen, setOverlayOpen } = useLayout();
  const route = useCurrentRoute();
  const { t } = useTranslation();
  const navbarStyle = useNavbarStyle();
  // The menu's counts: new matches (the potential matches' badge), read while the shell is open.
  const newMatches = useNewMatches();
  const unreadMessages = useUnreadMessages(useAppAbility().can('read', 'Message'));
  const badges = useMemo(() => ({ newMatches, unreadMessages }), [newMatches, unreadMessages]);
  const type = route?.meta.layout === 'horizontal' || route?.meta.layout === 'vertical' ? route.meta.layout : settings.type;
  const horizontal = variant === 'shell' && type === 'horizontal' && !overlay;
  const showSider = !horizontal && !overlay && (!settings.menu.isHidden || variant === 'sidebar-only');
  const showNavbar = variant === 'shell' && settings.navbar.type !== 'hidden';
  const collapsed = settings.menu.isCollapsed;
  const darkMenu = isDarkMenu(settings) && !horizontal;
  const openOverlay = () => setOverlayOpen(true);

  const menuToggle = overlay ? (
    <Button
      type="text"
      className="shell__menu-button"
      aria-label={t('shell.openMenu')}
      aria-expanded={overlayOpen}
      icon={<MenuOutlined />}
      onClick={openOverlay}
    />
  ) : (
    !horizontal &&
    showSider && (
      <Button
        type="text"
        className="shell__menu-button"
        aria-label={t(collapsed ? 'shell.expandMenu' : 'shell.collapseMenu')}
        aria-pressed={collapsed}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => update({ menu: { isCollapsed: !collapsed } })}
      />
    )
  );

  const shell = (
    <Layout
      className={`shell shell--${horizontal ? 'horizontal' : 'vertical'} shell--navbar-${showNavbar ? settings.navbar.type : 'hidden'} shell--footer-${settings.footer.type}`}
      data-layout={variant === 'sidebar-only' ? 'sidebar-only' : horizontal ? 'horizontal' : 'vertical'}
      hasSider={showSider}
    >
      {showSider && (
        <Sider className="shell__sider" width={260} collapsedWidth={80} collapsed={collapsed} trigger={null} theme={darkMenu ? 'dark' : 'light'}>
          <Brand />
          <nav aria-label={t('shell.mainMenu')}>
            <MainMenu mode="inline" theme={darkMenu ? 'dark' : 'light'} />
          </nav>
        </Sider>
      )}
      {overlay && (
        <Drawer
          open={overlayOpen}
          onClose={() => setOverlayOpen(false)}
          placement={settings.isRTL ? 'right' : 'left'}
          size={280}
          title={<Brand />}
          className={`shell__overlay-menu${darkMenu ? ' shell__overlay-menu--dark' : ''}`}
        >
          <NavbarSearch onNavigate={() => setOverlayOpen(false)} />
          <nav aria-label={t('shell.mainMenu')}>
            <MainMenu mode="inline" theme={darkMenu ? 'dark' : 'light'} onNavigate={() => setOverlayOpen(false)} />
          </nav>
        </Drawer>
      )}
      <Layout className="shell__main">
        {showNavbar ? (
          <Header className="shell__navbar" style={navbarStyle}>
            {menuToggle}
            {horizontal && <Brand />}
            {horizontal && (
              <nav className="shell__top-menu" aria-label={t('shell.mainMenu')}>
                <MainMenu mode="horizontal" />
              </nav>
            )}
            {!overlay && <NavbarSearch shortcut />}
            {app.layout.customizer && <Customizer />}
            <UserMenu />
          </Header>
        ) : (
          // No navbar: what it would have held that cannot go missing sits in a bar at the top of the
          // page, in the flow, so nothing fixed covers titles or fields on a phone.
          (overlay || app.layout.customizer) && (
            <div className="shell__bar">
              {overlay && (
                <Button
                  className="shell__menu-button"
                  type="text"
                  aria-label={t('shell.openMenu')}
                  aria-expanded={overlayOpen}
                  icon={<MenuOutlined />}
                  onClick={openOverlay}
                />
              )}
              {overlay && <Brand />}
              {app.layout.customizer && <Customizer />}
            </div>
          )
        )}
        <Content className={`shell__content shell__content--${settings.contentWidth}`}>
          <VerifyEmailBanner />
          <RouteTransition>
            <Outlet />
          </RouteTransition>
        </Content>
        {settings.footer.type !== 'hidden' && (
          <Footer className="shell__footer">{t('shell.footer', { year: new Date().getFullYear(), name: app.displayName })}</Footer>
        )}
      </Layout>
      <ScrollToTop />
    </Layout>
  );
  return <MenuBadgeContext.Provider value={badges}>{shell}</MenuBadgeContext.Provider>;
}
