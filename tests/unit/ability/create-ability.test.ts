import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { createAbility } from '../../../shared/ability/create-ability';
import type { AbilityRule } from '../../../shared/contracts/vendor';

describe('createAbility for a guest or a user without rules', () => {
  it.each([
    ['null rules', null],
    ['undefined rules', undefined],
    ['an empty list', []],
  ])('when built from %s, then only read Auth is allowed', (_label, rules) => {
    const ability = createAbility(rules);
    expect({
      readAuth: ability.can('read', 'Auth'),
      manageAuth: ability.can('manage', 'Auth'),
      updateAuth: ability.can('update', 'Auth'),
      readQuote: ability.can('read', 'Quote'),
      manageAll: ability.can('manage', 'all'),
    }).toEqual({ readAuth: true, manageAuth: false, updateAuth: false, readQuote: false, manageAll: false });
  });
});

describe('createAbility from the vendor record', () => {
  it('when the record allows read Quote, then read Quote is allowed and update Quote is not', () => {
    const ability = createAbility([{ action: 'read', subject: 'Quote' }]);
    expect([ability.can('read', 'Quote'), ability.can('update', 'Quote'), ability.can('read', 'Billing')]).toEqual([true, false, false]);
  });

  it('when the record has rules, then reading Auth is still allowed', () => {
    expect(createAbility([{ action: 'read', subject: 'Quote' }]).can('read', 'Auth')).toBe(true);
  });

  it('when the record allows manage all, then any action on any subject is allowed', () => {
    const ability = createAbility([{ action: 'manage', subject: 'all' }]);
    expect([ability.can('delete', 'Account'), ability.can('manage', 'Billing'), ability.can('read', 'Quote')]).toEqual([true, true, true]);
  });

  it('when a rule lists several actions and subjects, then each pair is allowed', () => {
    const ability = createAbility([{ action: ['read', 'update'], subject: ['Quote', 'Message'] }]);
    expect([ability.can('update', 'Message'), ability.can('read', 'Quote'), ability.can('delete', 'Quote')]).toEqual([true, true, false]);
  });

  it('when an inverted rule follows manage all, then that action is refused and the rest stays allowed', () => {
    const ability = createAbility([
      { action: 'manage', subject: 'all' },
      { action: 'read', subject: 'Quote', inverted: true },
    ]);
    expect([ability.can('read', 'Quote'), ability.cannot('read', 'Quote'), ability.can('update', 'Quote'), ability.can('read', 'Message')]).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('when the record itself refuses read Auth, then that refusal applies', () => {
    expect(createAbility([{ action: 'read', subject: 'Auth', inverted: true }]).can('read', 'Auth')).toBe(false);
  });

  it('when a rule has conditions, then only matching subjects are allowed', () => {
    const ability = createAbility([{ action: 'read', subject: 'Quote', conditions: { vendorId: 1 } }]);
    expect([ability.can('read', subject('Quote', { vendorId: 1 })), ability.can('read', subject('Quote', { vendorId: 2 }))]).toEqual([true, false]);
  });

  it('when a rule has conditions, then the subject type alone is allowed (some Quote may match)', () => {
    expect(createAbility([{ action: 'read', subject: 'Quote', conditions: { vendorId: 1 } }]).can('read', 'Quote')).toBe(true);
  });

  it('when a rule restricts fields, then only those fields are allowed', () => {
    const ability = createAbility([{ action: 'update', subject: 'Profile', fields: 'name' }]);
    expect([ability.can('update', 'Profile', 'name'), ability.can('update', 'Profile', 'email')]).toEqual([true, false]);
  });

  it('when an inverted rule restricts fields, then only those fields are refused', () => {
    const ability = createAbility([
      { action: 'update', subject: 'Profile' },
      { action: 'update', subject: 'Profile', fields: ['email'], inverted: true },
    ]);
    expect([ability.can('update', 'Profile', 'name'), ability.can('update', 'Profile', 'email')]).toEqual([true, false]);
  });

  it('when the ability is built, then the rules passed in are left unchanged', () => {
    const rules: AbilityRule[] = [{ action: 'read', subject: 'Quote', conditions: { vendorId: 1 } }];
    const copy = structuredClone(rules);
    createAbility(rules);
    expect(rules).toEqual(copy);
  });
});
