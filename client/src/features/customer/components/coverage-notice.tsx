import { Alert } from 'antd';
import type { Coverage } from '../../../../../shared/contracts/public-vendors';
import { vendorsOfKind } from '../../../../../shared/marketplace/vendors-of-kind';

/**
 * Before the request is sent: how many vendors of the category serve the place ("12 bakeries
 * serve Austin, TX"), or, when none do, a warning that suggests a wider place.
 */
export function CoverageNotice({ coverage, categoryLabel }: { coverage: Coverage | null; categoryLabel: string | undefined }) {
  return (
    <div aria-live="polite" className="coverage-notice">
      {coverage &&
        categoryLabel &&
        (coverage.vendors > 0 ? (
          <Alert
            type="success"
            showIcon
            title={`${vendorsOfKind(categoryLabel, coverage.vendors)} serve${coverage.vendors === 1 ? 's' : ''} ${coverage.place}`}
          />
        ) : (
          <Alert type="warning" showIcon title={`No ${vendorsOfKind(categoryLabel)} serve ${coverage.place} yet — try a nearby larger city or your ZIP code`} />
        ))}
    </div>
  );
}
