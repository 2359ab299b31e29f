import { describe, expect, it } from 'vitest';
import { nameSlug, publicProfilePath } from '../../../shared/marketplace/public-profile-path';

describe('publicProfilePath', () => {
  it('when a business has a name with accents and symbols, then its slug is readable ASCII', () => {
    expect(nameSlug('Toast & Tulip Café')).toBe('toast-tulip-cafe');
    expect(nameSlug('  --Lone Star Petals!! ')).toBe('lone-star-petals');
  });

  it('when the name has no letters or digits, then the path still has a slug', () => {
    expect(publicProfilePath('v1', '★★★')).toBe('/vendor-profile/v1/vendor');
  });

  it('when the name is long, then the slug stops at 80 characters without a trailing hyphen', () => {
    const slug = nameSlug(`${'a'.repeat(79)} bakery`);
    expect(slug).toBe('a'.repeat(79));
  });

  it('when built, then the id comes first and is encoded', () => {
    expect(publicProfilePath('a/b', 'Bluebonnet Blooms')).toBe('/vendor-profile/a%2Fb/bluebonnet-blooms');
  });
});
