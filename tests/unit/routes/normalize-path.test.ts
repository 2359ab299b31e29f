import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../../shared/routes/normalize-path';

describe('normalizePath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard?tab=2', '/dashboard'],
    ['/dashboard#top', '/dashboard'],
    ['/dashboard/?tab=2#top', '/dashboard'],
    ['/dashboard#top?tab=2', '/dashboard'],
    ['/dashboard/', '/dashboard'],
    ['//reset-password//abc/', '/reset-password/abc'],
    ['/', '/'],
    ['', '/'],
    ['?next=/dashboard', '/'],
    ['#/dashboard', '/'],
    ['/?x=1', '/'],
    ['dashboard', '/dashboard'],
    ['/Dashboard', '/Dashboard'],
  ])('when the location is %j, then the path is %j', (location, expected) => {
    expect(normalizePath(location)).toBe(expected);
  });
});
