import { LoadingOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { vendorsOfKind } from '../../../../../shared/marketplace/vendors-of-kind';
import type { CoverageState } from '../api/get-coverage';

/**
 * Before the request is sent: how many vendors of the category serve the place ("12 bakeries
 * serve Austin, TX"), or, when none do, a warning that suggests a wider place. While the place is
 * being looked up, a line of the same shape says so, so that the answer replaces it instead of
 * pushing Back and Send down as they are pressed.
 */
export function CoverageNotice({ coverage, categoryLabel }: { coverage: CoverageState; categoryLabel: string | undefined }) {
  return (
    <div aria-live="polite" className="coverage-notice">
      {categoryLabel && <CoverageLine coverage={coverage} categoryLabel={categoryLabel} />}
    </div>
  );
}

function CoverageLine({ coverage, categoryLabel }: { coverage: CoverageState; categoryLabel: string }) {
  switch (coverage.state) {
    case 'none':
      return null;
    case 'checking':
      return <Alert type="info" showIcon icon={<LoadingOutlined aria-hidden />} title={`Checking who serves ${coverage.place}…`} />;
    case 'known': {
      const { vendors, place } = coverage.coverage;
      return vendors > 0 ? (
        <Alert type="success" showIcon title={`${vendorsOfKind(categoryLabel, vendors)} serve${vendors === 1 ? 's' : ''} ${place}`} />
      ) : (
        <Alert type="warning" showIcon title={`No ${vendorsOfKind(categoryLabel)} serve ${place} yet — try a nearby larger city or your ZIP code`} />
      );
    }
  }
}
