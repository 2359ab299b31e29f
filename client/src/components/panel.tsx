import type { ReactNode } from 'react';

interface Props {
  /** The panel's heading (an h2 or h3 of the page's outline). */
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A titled box drawn like antd's Card, from the theme's CSS variables (so every skin applies),
 * for the dashboard: antd's Card brings its Tabs and their styles (13 KB gzip) to every page that
 * draws one, and the dashboard's JavaScript budget has no room for them.
 */
export function Panel({ title, children, className }: Props) {
  return (
    <div className={className ? `panel ${className}` : 'panel'}>
      {title && <div className="panel__head">{title}</div>}
      <div className="panel__body">{children}</div>
    </div>
  );
}
