import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useConfig } from '../../../lib/config/config-context';
import { usePathOf } from '../../../lib/router/use-path-of';
import '../public.css';

/** The frame of the couple-facing pages: the marketplace's name (home: the directory) over one column, without the vendor shell. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  const { app } = useConfig();
  const pathOf = usePathOf();
  return (
    <div className="public-page">
      <div className="public-page__inner">
        <header className="public-page__header">
          <Link to={pathOf('vendors')} className="public-page__brand">
            {app.displayName}
          </Link>
          <Link to={pathOf('request-quotes')} className="public-page__header-link">
            Get quotes
          </Link>
        </header>
        {children}
      </div>
    </div>
  );
}
