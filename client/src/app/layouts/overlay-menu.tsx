import { Drawer } from 'antd';
import { useTranslation } from '../../lib/i18n/translate';
import { useLayout } from '../../lib/layout/layout-context';
import { Brand } from './brand';
import { MainMenu } from './main-menu';
import { NavbarSearch } from './navbar-search';

/**
 * Below lg, the menu as an overlay: the search and the main menu in a drawer; a choice closes it.
 * A chunk of its own, downloaded the first time it opens (`ShellLayout`).
 */
export function OverlayMenu({ dark }: { dark: boolean }) {
  const { settings, overlayOpen, setOverlayOpen } = useLayout();
  const { t } = useTranslation();
  const close = () => setOverlayOpen(false);
  return (
    <Drawer
      open={overlayOpen}
      onClose={close}
      placement={settings.isRTL ? 'right' : 'left'}
      size={280}
      title={<Brand />}
      className={`shell__overlay-menu${dark ? ' shell__overlay-menu--dark' : ''}`}
    >
      <NavbarSearch onNavigate={close} />
      <nav aria-label={t('shell.mainMenu')}>
        <MainMenu mode="inline" theme={dark ? 'dark' : 'light'} onNavigate={close} />
      </nav>
    </Drawer>
  );
}
