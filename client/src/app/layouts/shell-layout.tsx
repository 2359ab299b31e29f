import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { lazy, Suspense, useMemo, useState, useTransition, type CSSProperties } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { Outlet } from 'react-router-dom';
import { useNewMatches } from '../../features/quotes/use-new-matches';
import { useConfig } from '../../lib/config/config-context';
import { colourOf, isDarkMenu } from '../../lib/layout/antd-theme';
import { useLayout } from '../../lib/layout/layout-context';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { Brand } from './brand';
import { Customizer } from './customizer';
import { MainMenu } from './main-menu';
import { MenuBadgeContext } from './menu-badges';
import { NavbarSearchSlot } from './navbar-search-slot';
import { RouteTransition } from './route-transition';
import { ScrollToTop } from './scroll-to-top';
import { UserMenuSlot } from './user-menu-slot';
import { VerifyEmailBanner } from './verify-email-banner';
import { ShellPartBoundary } from './shell-part-boundary';
import { useUnreadMessages } from '../../lib/messages/api/get-unread-messages';
import { useAppAbility } from '../../lib/ability/ability-context';

const OverlayMenu = lazy(() => import('./overlay-menu').then(({ OverlayMenu: menu }) => ({ default: menu })));

const { Header, Sider, Content, Footer } = Layout;

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
 * `sidebar-only` (`/edit-profile`): the sidebar without navbar. Below lg the menu is an overlay,
 * downloaded the first time it opens: its button spins meanwhile.
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
  // Mounted from its first opening on, so that it can animate closed; opened in a transition, so the
  // page stays as it is (the button spinning) while the overlay's chunk downloads.
  const [overlayUsed, setOverlayUsed] = useState(false);
  const [overlayLoading, startOverlay] = useTransition();
  const openOverlay = () =>
    startOverlay(() => {
      setOverlayUsed(true);
      setOverlayOpen(true);
    });

  const menuToggle = overlay ? (
    <Button
      type="text"
      className="shell__menu-button"
      aria-label={t('shell.openMenu')}
      aria-expanded={overlayOpen}
      icon={<MenuOutlined />}
      loading={overlayLoading}
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
        <ShellPartBoundary part="overlayMenu">
          <Suspense fallback={null}>{overlayUsed && <OverlayMenu dark={darkMenu} />}</Suspense>
        </ShellPartBoundary>
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
            {!overlay && <NavbarSearchSlot shortcut />}
            {app.layout.customizer && <Customizer />}
            <UserMenuSlot />
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
                  loading={overlayLoading}
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
