import { useId, type ReactNode } from 'react';
import { PageState, type PageFailure } from './page-state';
import { Panel } from './panel';

interface Props {
  title: string;
  /** The widget's data is on its way, or could not be read (the failure's Try again asks again). */
  loading: boolean;
  failure: PageFailure | null;
  children?: ReactNode;
  className?: string;
}

/** A dashboard widget: a card named by its heading, with the page states of its own read. */
export function WidgetCard({ title, loading, failure, children, className }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`dashboard-widget${className ? ` ${className}` : ''}`}>
      <Panel
        title={
          <h3 id={id} className="dashboard-widget__title">
            {title}
          </h3>
        }
      >
        <PageState failure={failure} loading={loading} rows={2} skeletonTitle={false}>
          {children}
        </PageState>
      </Panel>
    </section>
  );
}
