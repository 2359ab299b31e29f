/**
 * The business module: the vendor's business (name, categories, the guard's fields, payment
 * status) and the vendor record built from it. Other modules call these; its table is its own.
 */
export {
  applyVendorChanges,
  businessNames,
  completeOnboarding,
  deleteVendor,
  findVendor,
  findVendorForUpdate,
  insertVendor,
  listOnboardedBusinesses,
  listOnboardedVendorIds,
  lockVendor,
  setPaymentStatus,
  vendorsInGoodStanding,
} from './business.repository';
export { categoriesOf, toVendorRecord, type RecordUser } from './business-record';
export type { VendorRow } from './business.table';
