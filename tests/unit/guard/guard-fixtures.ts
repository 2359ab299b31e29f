import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAbility } from '../../../shared/ability/create-ability';
import type { GuardRule } from '../../../shared/contracts/guard-rule';
import type { AbilityRule, VendorRecord } from '../../../shared/contracts/vendor';
import type { GuardContext } from '../../../shared/guard/evaluate-guard';

/** The repository's real `schemas/` folder. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas', import.meta.url));

/** The ability of a vendor business owner. */
export const ADMIN_ABILITY: AbilityRule[] = [{ action: 'manage', subject: 'all' }];

/**
 * A signed-in admin who finished onboarding, pays, and has no category: no rule fires for it.
 * Overrides are raw record fields, so a test can also pass shapes the type would refuse
 * (e.g. `vendor_type_id: "2"`), as a client reading local storage might.
 */
export function vendor(overrides: Record<string, unknown> = {}): VendorRecord {
  return {
    id: 1,
    role: 'admin',
    ability: ADMIN_ABILITY,
    payment_status: 'paid',
    category: [],
    last_completed_step: 1,
    ...overrides,
  } as VendorRecord;
}

/** The `category` list of a vendor with these vendor type ids. */
export function categories(...vendorTypeIds: number[]): { vendor_type_id: number }[] {
  return vendorTypeIds.map((id) => ({ vendor_type_id: id }));
}

/** The guard context the server builds for a navigation request (token present iff a vendor is). */
export function contextFor(record: VendorRecord | null, rules: readonly GuardRule[], hasToken: boolean = record !== null): GuardContext {
  return { session: { vendor: record, hasToken }, ability: createAbility(record?.ability), rules };
}

/** A parsed file of `schemas/categories/`, as far as these tests read it. */
export interface CategoryFileJson {
  id: string;
  vendorTypeId: number;
  slugs: { profile: string; quoteDetail: string; autoResponse: string };
  settings?: unknown;
}

/** Every category file, read synchronously so `it.each` tables can be built from them. */
export function readCategoryFiles(): CategoryFileJson[] {
  const dir = path.join(SCHEMAS_DIR, 'categories');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CategoryFileJson);
}

/** A concrete path for a react-router path: every `:param` replaced by a sample value. */
export function samplePath(routePath: string): string {
  return routePath.replace(/:[A-Za-z0-9]+/g, 'sample-1');
}
