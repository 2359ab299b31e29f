import { LogoutOutlined, SafetyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from '../../lib/i18n/translate';
import { Link, useNavigate } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSignOut } from '../../lib/router/use-sign-out';
import { useSessionVendor } from '../../lib/session/use-session';
import { navbarPopupContainer } from './navbar-popup-container';

/** A page's entry as a real link (middle click, ⌘-click, Copy link). */
const pageLink = (path: string, label: string) => (
  <Link to={path} tabIndex={-1} className="menu-link">
    {label}
  </Link>
);

/** The signed-in user's menu in the navbar: who you are, settings, your access, sign out. */
export function UserMenu() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const pathOf = usePathOf();
  const signOut = useSignOut();
  const vendor = useSessionVendor();
  const business = typeof vendor?.business_name === 'string' ? vendor.business_name : t('shell.yourBusiness');
  const email = typeof vendor?.email === 'string' ? vendor.email : '';
  const items: MenuProps['items'] = [
    { key: 'who', type: 'group', label: email },
    { key: pathOf('settings'), icon: <SettingOutlined />, label: pageLink(pathOf('settings'), t('shell.settings')) },
    { key: pathOf(GUARD_ROUTES.accessControl), icon: <SafetyOutlined />, label: pageLink(pathOf(GUARD_ROUTES.accessControl), t('shell.yourAccess')) },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t('shell.signOut'), danger: true },
  ];
  // A click on a page's entry lands on its link, which routes by itself; Enter comes here alone.
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (key === 'sign-out') {
      void signOut();
    } else if (!(domEvent.target as Element).closest('a')) {
      void navigate(key);
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" getPopupContainer={navbarPopupContainer}>
      <Button type="text" className="shell__user" aria-label={t('shell.accountMenu', { business })} icon={<Avatar size="small" icon={<UserOutlined />} />}>
        <span className="shell__user-name">{business}</span>
      </Button>
    </Dropdown>
  );
}
