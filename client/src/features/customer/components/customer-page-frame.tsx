import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useConfig } from '../../../lib/config/config-context';
import '../customer.css';

/**
 * The frame of the customer's pages: the marketplace's name over one column sized for a phone,
 * without the vendor shell (customers have no account and no menu).
 */
export function CustomerPageFrame({ children }: { children: ReactNode }) {
  const { app } = useConfig();
  return (
    <div className="customer-page">
      <div className="customer-page__inner">
        <header className="customer-page__header">
          <Typography.Text className="customer-page__brand">{app.displayName}</Typography.Text>
        </header>
        {children}
      </div>
    </div>
  );
}
