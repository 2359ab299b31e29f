import { describe, expect, it } from 'vitest';
import type { GuardRule } from '../../../shared/contracts/guard-rule';
import { ruleHolds } from '../../../shared/guard/rule-holds';

const catering: GuardRule = {
  id: 'catering-settings',
  order: 20,
  requiresCategory: true,
  vendorTypeId: 2,
  when: { allUnset: ['catering_head_count', 'wedding_catering_price_per_head'] },
  redirectTo: 'update-catering-settings',
};
const bakeryReply: GuardRule = {
  id: 'bakery-auto-response',
  order: 60,
  requiresCategory: false,
  vendorTypeId: null,
  when: { anySet: ['is_redirect_to_bakery_auto_response'] },
  redirectTo: 'auto-response-bakery',
};

describe('ruleHolds', () => {
  it('when a caterer has neither catering field, then the catering rule holds; with one of them, it does not', () => {
    expect(ruleHolds(catering, { category: [{ vendor_type_id: 2 }] })).toBe(true);
    expect(ruleHolds(catering, { category: [{ vendor_type_id: 2 }], catering_head_count: 120 })).toBe(false);
  });

  it('when the vendor does not offer the category, then a rule that requires it does not hold', () => {
    expect(ruleHolds(catering, { category: [{ vendor_type_id: 6 }] })).toBe(false);
    expect(ruleHolds(catering, {})).toBe(false);
  });

  it('when a rule does not require its category, then its condition alone decides', () => {
    expect(ruleHolds(bakeryReply, { is_redirect_to_bakery_auto_response: true })).toBe(true);
    expect(ruleHolds(bakeryReply, { category: [{ vendor_type_id: 1 }], is_redirect_to_bakery_auto_response: false })).toBe(false);
  });
});
