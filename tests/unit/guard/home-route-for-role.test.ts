import { describe, expect, it } from 'vitest';
import { homeRouteForRole } from '../../../shared/guard/home-route-for-role';

describe('homeRouteForRole', () => {
  it.each([
    { role: 'admin', expected: 'login' },
    { role: 'client', expected: 'access-control' },
    { role: 'other', expected: 'login' },
    { role: 'Client', expected: 'login' },
    { role: '', expected: 'login' },
    { role: undefined, expected: 'login' },
    { role: null, expected: 'login' },
  ])('when the role is $role, then home after login is the $expected route', ({ role, expected }) => {
    expect(homeRouteForRole(role)).toBe(expected);
  });
});
