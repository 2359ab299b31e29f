import { useNavigate } from 'react-router-dom';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import { homeRouteForRole } from '../../../../shared/guard/home-route-for-role';
import { useConfig } from '../../lib/config/config-context';

/** After sign-in: admin → "/", client → access-control, anyone else → login; the guard takes it from there. */
export function useGoHome() {
  const navigate = useNavigate();
  const { table } = useConfig();
  return (vendor: VendorRecord) => navigate(table.pathOf(homeRouteForRole(vendor.role)), { replace: true });
}
