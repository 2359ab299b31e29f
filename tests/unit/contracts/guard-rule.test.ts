import { describe, expect, it } from 'vitest';
import { categoryGuardRuleSchema } from '../../../shared/contracts/guard-rule';

const RULE = { id: 'venue-settings', order: 30, when: { allUnset: ['is_venue_setting_updated'] }, redirectTo: 'update-venue-settings' };

describe('categoryGuardRuleSchema', () => {
  it('when requiresCategory is left out, then it defaults to true', () => {
    expect(categoryGuardRuleSchema.parse(RULE).requiresCategory).toBe(true);
  });

  it('when the condition is anySet, then the rule is accepted', () => {
    expect(categoryGuardRuleSchema.safeParse({ ...RULE, when: { anySet: ['is_redirect_to_bakery_auto_response'] } }).success).toBe(true);
  });

  it.each([
    ['both allUnset and anySet', { when: { allUnset: ['a'], anySet: ['b'] } }],
    ['an empty field list', { when: { allUnset: [] } }],
    ['a camelCase field', { when: { allUnset: ['isVenueSettingUpdated'] } }],
    ['order 0', { order: 0 }],
    ['a fractional order', { order: 1.5 }],
    ['an unknown key', { priority: 1 }],
    ['an upper-case redirect', { redirectTo: 'UpdateVenue' }],
  ])('when the rule has %s, then it is rejected', (_label, change) => {
    expect(categoryGuardRuleSchema.safeParse({ ...RULE, ...change }).success).toBe(false);
  });
});
