import type { Kysely } from 'kysely';
import type { BillingStatus } from '../../shared/contracts/billing';
import { ROLES } from '../../shared/ability/roles';
import { listUsers } from '../auth';
import { findVendor, setPaymentStatus } from '../business';
import type { DB } from '../core/db/schema';
import type { BillingDeps } from './billing.deps';

/** The business's payment status (kept on the vendor row by the business module, which guards read it). */
export async function statusOf(deps: BillingDeps, vendorId: string): Promise<BillingStatus> {
  return ((await findVendor(deps.database.db, vendorId))?.payment_status ?? 'trialing') as BillingStatus;
}

/** Sets the payment status, publishing `billing.status-changed` when it changes. */
export async function setStatus(deps: BillingDeps, trx: Kysely<DB>, vendorId: string, status: BillingStatus): Promise<void> {
  const previous = (await findVendor(trx, vendorId))?.payment_status;
  if (previous === status) return;
  await setPaymentStatus(trx, vendorId, status, deps.clock.now());
  await deps.events.publish(trx, 'billing.status-changed', { vendorId, status, previous: previous ?? 'trialing' });
}

/** Who to tell about the business's billing: its name and its owners' addresses. */
export async function noticeOf(
  deps: BillingDeps,
  trx: Kysely<DB>,
  vendorId: string,
): Promise<{ vendorId: string; businessName: string; ownerEmails: string[] }> {
  const [vendor, users] = await Promise.all([findVendor(trx, vendorId), listUsers(trx, vendorId)]);
  return { vendorId, businessName: vendor?.business_name ?? '', ownerEmails: users.filter((user) => user.role === ROLES.owner).map((user) => user.email) };
}
