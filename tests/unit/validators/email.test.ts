import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, isValidEmail, validateEmail } from '../../../shared/validators/email';

const tld = (length: number) => 'a'.repeat(length);

describe('validateEmail', () => {
  it('when the message is read, then it is the seed text', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Invalid email address');
  });

  it.each([
    'a@b.co',
    'jane.doe@example.com',
    'jane+quotes@mail.example.co.uk',
    'first_last@sub-domain.example.org',
    `a@b.${tld(24)}`,
    "o'neil@example.com",
    'josé@example.com',
  ])('when the value is %j, then it is accepted', (value) => {
    expect(validateEmail(value)).toBe(true);
    expect(isValidEmail(value)).toBe(true);
  });

  it.each([
    ['a one-letter top-level part', 'a@b.c'],
    ['a 25-letter top-level part', `a@b.${tld(25)}`],
    ['no @', 'ab.co'],
    ['two @', 'a@@b.co'],
    ['no local part', '@b.co'],
    ['no domain', 'a@.co'],
    ['no top-level part', 'a@example'],
    ['a space in the local part', 'a b@c.co'],
    ['a space in the domain', 'a@b c.co'],
    ['a leading space', ' a@b.co'],
    ['a trailing space', 'a@b.co '],
    // A mail library reads these as address syntax: one field would reach another mailbox.
    ['a comma (two addresses)', 'c,victim@example.com'],
    ['a semicolon (two addresses)', 'c;victim@example.com'],
    ['a colon (a group)', 'friends:victim@example.com'],
    ['angle brackets (a display name)', 'Jane<victim@example.com'],
    ['double quotes', '"jane"@example.com'],
    ['parentheses (a comment)', 'jane(x)@example.com'],
    ['square brackets', 'jane[x]@example.com'],
    ['a backslash', 'ja\\ne@example.com'],
    ['a line break', 'jane\r\nBcc:victim@example.com'],
    ['a tab', 'ja\tne@example.com'],
    ['a NUL', 'ja\u0000ne@example.com'],
    ['a C1 control character', 'ja\u0085ne@example.com'],
  ])('when the value has %s (%j), then the seed message is returned', (_label, value) => {
    expect(validateEmail(value)).toBe('Invalid email address');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
  ])('when the value is %s, then it is left to a required rule', (_label, value) => {
    expect(validateEmail(value)).toBe(true);
  });

  it.each([
    ['a number', 42],
    ['an object', { email: 'a@b.co' }],
  ])('when the value is %s, then the seed message is returned', (_label, value) => {
    expect(validateEmail(value)).toBe('Invalid email address');
  });
});
