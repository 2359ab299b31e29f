import { describe, expect, it } from 'vitest';
import { isValidUrl } from '../../../shared/validators/url';
import { withScheme } from '../../../shared/validators/with-scheme';

describe('withScheme', () => {
  it.each([
    ['crumbandco.com', 'https://crumbandco.com'],
    ['  www.crumbandco.com/menu?x=1 ', 'https://www.crumbandco.com/menu?x=1'],
    ['shop.crumb-and-co.co.uk', 'https://shop.crumb-and-co.co.uk'],
  ])('when a website is typed as %j, then https:// is added and the seed URL rule accepts it', (typed, expected) => {
    expect(withScheme(typed)).toBe(expected);
    expect(isValidUrl(withScheme(typed))).toBe(true);
  });

  it.each([
    ['http://crumbandco.com', 'http://crumbandco.com'],
    ['https://crumbandco.com', 'https://crumbandco.com'],
    ['ftp://crumbandco.com', 'ftp://crumbandco.com'],
    ['instagram dot com', 'instagram dot com'],
    ['crumbandco', 'crumbandco'],
    ['', ''],
  ])('when %j is typed, then it is left for the URL rule to judge as typed', (typed, expected) => {
    expect(withScheme(typed)).toBe(expected);
  });
});
