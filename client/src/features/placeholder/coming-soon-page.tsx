import { PageFrame } from '../../components/page-frame';
import { PageState } from '../../components/page-state';
import { useCurrentRoute } from '../../lib/router/use-current-route';

/** The honest empty state of a screen whose feature ships in a later release. */
export default function ComingSoonPage() {
  const route = useCurrentRoute();
  return (
    <PageFrame title={route?.meta.title ?? 'Coming soon'}>
      <PageState empty={<span data-testid="coming-soon">This screen is coming soon. It is part of an upcoming release of the vendor dashboard.</span>} />
    </PageFrame>
  );
}
