import { describe, expect, it } from 'vitest';
import { navigationRequestSchema, navigationResponseSchema } from '../../../shared/contracts/navigation';

describe('navigationRequestSchema', () => {
  it('when the vendor is null, then the request is accepted as a guest navigation', () => {
    expect(navigationRequestSchema.parse({ path: '/dashboard', vendor: null })).toEqual({ path: '/dashboard', vendor: null });
  });

  it.each(['dashboard', '', 'https://evil.example/dashboard'])('when the path is %j, then the request is rejected', (path) => {
    expect(navigationRequestSchema.safeParse({ path, vendor: null }).success).toBe(false);
  });

  it('when the path is longer than 2048 characters, then the request is rejected', () => {
    expect(navigationRequestSchema.safeParse({ path: `/${'a'.repeat(2048)}`, vendor: null }).success).toBe(false);
  });

  it('when the path carries a query, then the request is accepted', () => {
    expect(navigationRequestSchema.safeParse({ path: '/dashboard?tab=2', vendor: null }).success).toBe(true);
  });

  it('when vendor_type_id is the string "2", then it is coerced to the number 2', () => {
    const request = navigationRequestSchema.parse({ path: '/dashboard', vendor: { category: [{ vendor_type_id: '2' }] } });
    expect(request.vendor?.category).toEqual([{ vendor_type_id: 2 }]);
  });

  it('when last_completed_step is the string "1", then it is coerced to the number 1', () => {
    const request = navigationRequestSchema.parse({ path: '/dashboard', vendor: { last_completed_step: '1' } });
    expect(request.vendor?.last_completed_step).toBe(1);
  });

  it('when the vendor record has fields the schema does not name, then they pass through', () => {
    const vendor = { catering_head_count: 120, is_venue_setting_updated: false, category: [{ vendor_type_id: 2, name: 'Catering' }] };
    expect(navigationRequestSchema.parse({ path: '/dashboard', vendor }).vendor).toEqual(vendor);
  });

  it('when the vendor record carries CASL rules, then they are kept', () => {
    const ability = [
      { action: 'manage', subject: 'all' },
      { action: 'read', subject: 'Quote', inverted: true, conditions: { vendorId: 1 }, fields: ['price'] },
    ];
    expect(navigationRequestSchema.parse({ path: '/', vendor: { role: 'admin', ability } }).vendor?.ability).toEqual(ability);
  });

  it.each([
    ['vendor_type_id "two"', { category: [{ vendor_type_id: 'two' }] }],
    ['a category that is not a list', { category: { vendor_type_id: 2 } }],
    ['last_completed_step "one"', { last_completed_step: 'one' }],
    ['an ability rule without a subject', { ability: [{ action: 'read' }] }],
    ['a numeric role', { role: 1 }],
  ])('when the vendor has %s, then the request is rejected', (_label, vendor) => {
    expect(navigationRequestSchema.safeParse({ path: '/dashboard', vendor }).success).toBe(false);
  });

  it('when the body has an unknown top-level key, then the request is rejected', () => {
    expect(navigationRequestSchema.safeParse({ path: '/dashboard', vendor: null, token: 'x' }).success).toBe(false);
  });
});

describe('navigationResponseSchema', () => {
  it.each([
    { redirect: null, rule: null },
    { redirect: '/update-catering-settings', rule: 'catering-settings' },
  ])('when the answer is $redirect / $rule, then it matches the contract', (answer) => {
    expect(navigationResponseSchema.parse(answer)).toEqual(answer);
  });

  it('when the answer has an extra key, then it does not match the contract', () => {
    expect(navigationResponseSchema.safeParse({ redirect: null, rule: null, hops: [] }).success).toBe(false);
  });
});
