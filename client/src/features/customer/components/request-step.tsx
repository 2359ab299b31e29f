import { Card, Typography } from 'antd';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface RequestStepProps {
  /** Shown only when active; the others stay mounted (hidden), so what was typed is kept. */
  active: boolean;
  /** Bumped by each move between steps: the step that opens then takes the focus on its title. */
  focusKey: number;
  /** "Step 2 of 4". */
  progress?: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * One step of the request form in its card. Moving to a step puts the focus on its title, so a
 * keyboard or screen-reader user starts reading where the new content begins.
 */
export function RequestStep({ active, focusKey, progress, title, description, children }: RequestStepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (active && focusKey > 0) heading.current?.focus();
  }, [active, focusKey]);
  return (
    <section hidden={!active} aria-labelledby={headingId}>
      <Card className="customer-step">
        {progress && (
          <Typography.Text type="secondary" className="customer-step__progress">
            {progress}
          </Typography.Text>
        )}
        <Typography.Title level={2} className="customer-step__title" id={headingId} tabIndex={-1} ref={heading}>
          {title}
        </Typography.Title>
        {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
        {children}
      </Card>
    </section>
  );
}
