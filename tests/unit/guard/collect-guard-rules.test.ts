import { describe, expect, it } from 'vitest';
import type { CategoryFile } from '../../../shared/contracts/category';
import type { CategoryGuardRule } from '../../../shared/contracts/guard-rule';
import { collectGuardRules } from '../../../shared/guard/collect-guard-rules';

function category(id: string, vendorTypeId: number, guardRule?: CategoryGuardRule): CategoryFile {
  return {
    id,
    label: id,
    vendorTypeId,
    slugs: { profile: id, quoteDetail: id, autoResponse: id },
    leadCost: 1,
    fit: [],
    ...(guardRule ? { guardRule } : {}),
  };
}

function rule(id: string, order: number, requiresCategory = true): CategoryGuardRule {
  return { id, order, requiresCategory, when: { allUnset: ['some_field'] }, redirectTo: `update-${id}` };
}

describe('collectGuardRules', () => {
  it('when categories declare rules out of order, then the rules come sorted by order', () => {
    const rules = collectGuardRules([category('c', 3, rule('late', 50)), category('a', 1, rule('early', 10)), category('b', 2, rule('middle', 30))]);
    expect(rules.map((r) => r.id)).toEqual(['early', 'middle', 'late']);
  });

  it('when two rules share an order, then the category id breaks the tie whatever the input order', () => {
    const zeta = category('zeta', 1, rule('zeta-rule', 10));
    const alpha = category('alpha', 2, rule('alpha-rule', 10));
    expect(collectGuardRules([zeta, alpha]).map((r) => r.id)).toEqual(['alpha-rule', 'zeta-rule']);
    expect(collectGuardRules([alpha, zeta]).map((r) => r.id)).toEqual(['alpha-rule', 'zeta-rule']);
  });

  it('when a category has no rule, then it contributes nothing', () => {
    expect(collectGuardRules([category('florist', 6), category('venue', 11, rule('venue', 30))]).map((r) => r.id)).toEqual(['venue']);
  });

  it("when a rule requires its category, then it carries the category's vendor type id", () => {
    expect(collectGuardRules([category('venue', 11, rule('venue', 30))])[0]).toEqual({ ...rule('venue', 30), vendorTypeId: 11 });
  });

  it('when a rule does not require its category, then its vendor type id is null', () => {
    expect(collectGuardRules([category('bakery', 1, rule('bakery', 60, false))])[0]?.vendorTypeId).toBeNull();
  });

  it('when no category has a rule, then the list is empty', () => {
    expect(collectGuardRules([category('music', 4)])).toEqual([]);
  });
});
