import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useLayout } from '../../lib/layout/layout-context';

/** The router transition of the layout settings (zoom-fade by default), replayed on every navigation. */
export function RouteTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { settings } = useLayout();
  return (
    <div key={pathname} className={`route-transition route-transition--${settings.routerTransition}`}>
      {children}
    </div>
  );
}
