import { LogoutOutlined, SafetyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../lib/api/sign-out';
import { readVendor } from '../../lib/session/session';

/** The signed-in user's menu in the header: who you are, settings, your access, sign out. */
export function UserMenu() {
  const navigate = useNavigate();
  const vendor = readVendor();
  const business = typeof vendor?.business_name === 'string' ? vendor.business_name : 'Your business';
  const email = typeof vendor?.email === 'string' ? vendor.email : '';
  const items: MenuProps['items'] = [
    { key: 'who', type: 'group', label: email },
    { key: '/settings', icon: <SettingOutlined />, label: 'Settings' },
    { key: '/access-control', icon: <SafetyOutlined />, label: 'Your access' },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: 'Sign out', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'sign-out') {
      void signOut().then(() => navigate('/', { replace: true }));
    } else {
      void navigate(key);
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="shell__user" aria-label={`Account menu for ${business}`} icon={<Avatar size="small" icon={<UserOutlined />} />}>
        <span className="shell__user-name">{business}</span>
      </Button>
    </Dropdown>
  );
}
