import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../server/auth/password-policy';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/validators/password';

describe('passwordProblem', () => {
  it('when the limits are read, then they are 8 and 256 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
  });

  it('when the password has 7 characters, then it asks for at least 8', () => {
    expect(passwordProblem('qz7!vK2')).toBe('Use at least 8 characters.');
  });

  it('when the password is empty, then it asks for at least 8', () => {
    expect(passwordProblem('')).toBe('Use at least 8 characters.');
  });

  it('when the password has exactly 8 uncommon characters, then it is accepted', () => {
    expect(passwordProblem('qz7!vK2m')).toBeNull();
  });

  it('when the password has 256 characters, then it is accepted', () => {
    expect(passwordProblem('ab1-'.repeat(64))).toBeNull();
  });

  it('when the password has 257 characters, then it asks for at most 256', () => {
    expect(passwordProblem(`${'ab1-'.repeat(64)}x`)).toBe('Use at most 256 characters.');
  });

  it('when the password has no digits, symbols or capitals, then it is still accepted (no composition rules)', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('lanternmeadowcopper')).toBeNull();
  });

  it.each(['password123', 'iloveyou1', 'qwertyuiop', '12345678', 'trustno1'])('when the password is the common %s, then it is refused', (password) => {
    expect(passwordProblem(password)).toMatch(/too common/);
  });

  it.each(['PASSWORD123', 'ILoveYou1', 'QwertyUiop'])('when a common password is typed in another case (%s), then it is refused too', (password) => {
    expect(passwordProblem(password)).toMatch(/too common/);
  });

  it("when the password contains the email's local part in any case, then it is refused", () => {
    expect(passwordProblem('xx-JessicaBrown-2024', { email: 'jessicabrown@example.com' })).toBe('Do not use your email address in your password.');
  });

  it('when the password is the whole email address, then it is refused', () => {
    expect(passwordProblem('Jo@Example.com', { email: 'jo@example.com' })).toBe('Do not use your email address in your password.');
  });

  it('when the local part is shorter than 4 characters, then a password containing it is allowed', () => {
    expect(passwordProblem('violet-joe-harbor-92', { email: 'joe@example.com' })).toBeNull();
  });

  it('when the password does not contain the email, then the email does not matter', () => {
    expect(passwordProblem('violet-lantern-harbor-92', { email: 'jessicabrown@example.com' })).toBeNull();
  });
});
