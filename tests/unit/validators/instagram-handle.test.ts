import { describe, expect, it } from 'vitest';
import { INSTAGRAM_HANDLE_PATTERN, instagramUrl, toInstagramHandle } from '../../../shared/validators/instagram-handle';

describe('toInstagramHandle', () => {
  it.each([
    ['@crumbandco', '@crumbandco'],
    ['crumbandco', '@crumbandco'],
    [' crumb.and_co ', '@crumb.and_co'],
    ['https://www.instagram.com/crumbandco/', '@crumbandco'],
    ['instagram.com/crumbandco?igsh=abc', '@crumbandco'],
    ['http://m.instagram.com/crumbandco', '@crumbandco'],
  ])('when %j is given, then the handle is %j', (given, handle) => {
    expect(toInstagramHandle(given)).toBe(handle);
    expect(INSTAGRAM_HANDLE_PATTERN.test(handle)).toBe(true);
  });

  it.each(['crumb and co', 'https://facebook.com/crumbandco', 'a'.repeat(31), '@'])('when %j is given, then it is returned for the rule to refuse', (given) => {
    const result = toInstagramHandle(given);
    expect(result).toBe(given.trim());
    expect(INSTAGRAM_HANDLE_PATTERN.test(result)).toBe(false);
  });
});

describe('instagramUrl', () => {
  it('when a handle is stored, then the link is the profile address; an address stored before handles is kept', () => {
    expect(instagramUrl('@crumbandco')).toBe('https://www.instagram.com/crumbandco');
    expect(instagramUrl('https://instagram.com/goldenhourstudio')).toBe('https://instagram.com/goldenhourstudio');
    expect(instagramUrl('not a handle!')).toBeNull();
  });
});
