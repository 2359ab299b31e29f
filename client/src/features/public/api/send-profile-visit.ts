import type { ProfileVisitBody } from '../../../../../shared/contracts/public-vendors';
import { sendData } from '../../../lib/api/send-data';

/**
 * POST /api/public/vendors/:adminId/visits: counts a profile view or a click on "Request a quote"
 * for the business's analytics. A beacon: a failure is nothing the couple needs to hear of.
 */
export function sendProfileVisit(vendorId: string, kind: ProfileVisitBody['kind']): void {
  sendData('post', null, `/api/public/vendors/${encodeURIComponent(vendorId)}/visits`, { kind } satisfies ProfileVisitBody).catch(() => undefined);
}
