import type { Migrations } from '../../core/db/migrate';
import * as billing from './014-billing';
import * as invoiceRequestKeys from './017-invoice-request-keys';

/**
 * The billing module's migrations, by name; the server runs every module's in one order, by name
 * (server/migrations.ts).
 * `014-billing` also added `balance_after` to the credits ledger (written before modules owned
 * their migrations; it keeps its name).
 */
export const billingMigrations: Migrations = {
  '014-billing': billing,
  '017-invoice-request-keys': invoiceRequestKeys,
};
