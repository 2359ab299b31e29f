import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { AbilityRule } from '../contracts/vendor';

/** The app's CASL ability: string actions on string subject types (or tagged objects). */
export type AppAbility = MongoAbility;

/** Every user, signed in or not, may read the `Auth` subject (login, register, …). */
export const GUEST_RULES: RawRuleOf<AppAbility>[] = [{ action: 'read', subject: 'Auth' }];

/**
 * Builds the CASL ability from a vendor record's `ability` rules (docs/specification.md §6). A guest or a
 * user without rules may only read `Auth`; inverted rules, conditions and fields work as in CASL.
 * Later rules win over earlier ones, so a vendor's own `cannot read Auth` still applies.
 */
export function createAbility(rules: readonly AbilityRule[] | null | undefined): AppAbility {
  const own = (rules ?? []).map((rule) => ({ ...rule }) as RawRuleOf<AppAbility>);
  return createMongoAbility([...GUEST_RULES, ...own]);
}
