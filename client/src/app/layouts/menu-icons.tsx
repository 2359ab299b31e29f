import {
  CalendarOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CreditCardOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  MessageOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  StarOutlined,
  StopOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import type { MenuIconName } from '../../../../shared/contracts/app-config';

type IconProps = { 'aria-hidden'?: boolean; role?: string; 'aria-label'?: string };

const ICONS: Record<MenuIconName, ComponentType<IconProps>> = {
  home: HomeOutlined,
  inbox: InboxOutlined,
  send: SendOutlined,
  'check-circle': CheckCircleOutlined,
  trophy: TrophyOutlined,
  'close-circle': CloseCircleOutlined,
  stop: StopOutlined,
  message: MessageOutlined,
  star: StarOutlined,
  shop: ShopOutlined,
  idcard: IdcardOutlined,
  form: FormOutlined,
  calendar: CalendarOutlined,
  crown: CrownOutlined,
  wallet: WalletOutlined,
  'credit-card': CreditCardOutlined,
  setting: SettingOutlined,
  'customer-service': CustomerServiceOutlined,
};

/**
 * The icon a menu entry of `app.json` names (the names are checked when the schemas load).
 * Decorative: the entry's text names it, so the icon is hidden from assistive technology.
 */
export function menuIcon(name: MenuIconName | undefined): ReactNode {
  if (!name) return undefined;
  const Icon = ICONS[name];
  return <Icon aria-hidden role={undefined} aria-label={undefined} />;
}
