import { useId } from 'react';
import { CompletenessChecklist } from '../../../components/completeness-checklist';
import { loadFailure, PageState } from '../../../components/page-state';
import { Panel } from '../../../components/panel';
import { useCompleteness } from '../../../lib/completeness/get-completeness';

/**
 * The setup checklist a new business follows (docs/marketplace.md, Analytics): every piece of a
 * complete profile with its link and the score as progress; gone once the profile is complete.
 */
export function SetupChecklist() {
  const headingId = useId();
  const completeness = useCompleteness();
  if (completeness.data?.score === 100) return null;
  return (
    <section aria-labelledby={headingId} className="setup-checklist">
      <Panel
        title={
          <h2 id={headingId} className="setup-checklist__title">
            Finish setting up your profile
          </h2>
        }
      >
        <PageState loading={completeness.isPending} failure={loadFailure('Your setup checklist', completeness)} rows={3} skeletonTitle={false}>
          {completeness.data && <CompletenessChecklist completeness={completeness.data} />}
        </PageState>
      </Panel>
    </section>
  );
}
