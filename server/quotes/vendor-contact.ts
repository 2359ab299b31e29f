import type { Kysely } from 'kysely';
import { ROLES } from '../../shared/ability/roles';
import { listUsers } from '../auth';
import { businessNames } from '../business';
import type { DB } from '../core/db/schema';
import { ONBOARDING_FORM_ID, readFormData } from '../forms';

/** How a booked couple reaches their vendor: the business's name, its contact phone (onboarding) and its owner's email. */
export interface VendorContact {
  name: string;
  phone: string | null;
  email: string | null;
}

/** The contact a couple gets once they book this business (docs/marketplace.md, After booking). */
export async function vendorContact(db: Kysely<DB>, vendorId: string): Promise<VendorContact> {
  const [names, onboarding, users] = await Promise.all([
    businessNames(db, [vendorId]),
    readFormData(db, vendorId, ONBOARDING_FORM_ID),
    listUsers(db, vendorId),
  ]);
  const phone = onboarding?.contact_phone;
  const owner = users.find((user) => user.role === ROLES.owner) ?? users[0];
  return {
    name: names.get(vendorId) ?? 'Your vendor',
    phone: typeof phone === 'string' && phone.trim() !== '' ? phone.trim() : null,
    email: owner?.email ?? null,
  };
}
