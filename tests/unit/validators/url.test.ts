import { describe, expect, it } from 'vitest';
import { INVALID_URL_MESSAGE, isValidUrl, validateUrl } from '../../../shared/validators/url';

const letters = (length: number) => 'a'.repeat(length);

describe('validateUrl', () => {
  it('when the message is read, then it is the seed text', () => {
    expect(INVALID_URL_MESSAGE).toBe('Invalid URL');
  });

  it.each([
    'http://example.com',
    'https://example.com',
    'https://example.com/path?q=1',
    'https://www.example.co.uk/a/b#section',
    'https://example.com:8080/x',
    'https://my-bakery.example.io',
    `https://example.${letters(2)}`,
    `https://example.${letters(63)}`,
  ])('when the value is %j, then it is accepted', (value) => {
    expect(validateUrl(value)).toBe(true);
    expect(isValidUrl(value)).toBe(true);
  });

  it.each([
    ['an ftp scheme', 'ftp://x.com'],
    ['no scheme', 'example.com'],
    ['no scheme but www', 'www.example.com'],
    ['a scheme-relative URL', '//example.com'],
    ['a one-letter top-level part', 'https://example.c'],
    ['a 64-letter top-level part', `https://example.${letters(64)}`],
    ['a digit top-level part', 'https://example.123'],
    ['no top-level part', 'http://localhost'],
    ['a space', 'https://exa mple.com'],
    ['one slash after the scheme', 'https:/example.com'],
    ['only the scheme', 'https://'],
  ])('when the value has %s (%j), then the seed message is returned', (_label, value) => {
    expect(validateUrl(value)).toBe('Invalid URL');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
  ])('when the value is %s, then it is left to a required rule', (_label, value) => {
    expect(validateUrl(value)).toBe(true);
  });

  it('when the value is not a string, then the seed message is returned', () => {
    expect(validateUrl(42)).toBe('Invalid URL');
  });
});
