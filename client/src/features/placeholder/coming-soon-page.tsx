import { Empty, Typography } from 'antd';
import { useCurrentRoute } from '../../lib/router/use-current-route';

/** The honest empty state of a screen whose feature ships in a later release. */
export default function ComingSoonPage() {
  const route = useCurrentRoute();
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        {route?.meta.title ?? 'Coming soon'}
      </Typography.Title>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span data-testid="coming-soon">
            This screen is coming soon. It is part of an upcoming release of the vendor dashboard.
          </span>
        }
      />
    </section>
  );
}
