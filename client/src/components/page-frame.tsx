import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageFrameProps {
  /** Left out only while the page's own data, which names it, is still loading. */
  title?: ReactNode;
  /** The page's heading level: 2 under the shell's bar, 1 on a full page of its own. */
  level?: 1 | 2;
  /** Beside the title (a state tag, an action); wraps under it on a phone. */
  extra?: ReactNode;
  /** One line of context under the title. */
  intro?: ReactNode;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}

/** A page: a region named by its title (`#page-title`), then what it shows. */
export function PageFrame({ title, level = 2, extra, intro, className, titleClassName, children }: PageFrameProps) {
  const heading = title !== undefined && (
    <Typography.Title level={level} id="page-title" className={titleClassName}>
      {title}
    </Typography.Title>
  );
  return (
    <section className={className ? `page ${className}` : 'page'} aria-labelledby={heading ? 'page-title' : undefined}>
      {extra ? (
        <div className="page-frame__header">
          {heading}
          {extra}
        </div>
      ) : (
        heading
      )}
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {children}
    </section>
  );
}
