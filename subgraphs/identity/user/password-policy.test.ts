import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, isCommonPassword, passwordLength } from './password-policy.js';

/** `n` code points of text that is in no password list. */
const text = (n: number) => Array.from({ length: n }, (_, i) => 'kumo-no-ue'[i % 10]).join('');
const messages = (password: string, email?: string) =>
  checkPasswordPolicy(password, { email }, 'newPassword').map((e) => e.message);

describe('password policy', () => {
  it.each([
    [14, ['must be at least 15 characters']],
    [15, []],
    [128, []],
    [129, ['must be at most 128 characters']],
  ])('counts %i code points as %j', (length, expected) => {
    expect(messages(text(length))).toEqual(expected);
  });

  it('counts Unicode code points, not UTF-16 units: emoji and CJK are one character each', () => {
    expect(passwordLength('🐈'.repeat(15))).toBe(15);
    expect(messages('🐈'.repeat(15))).toEqual([]);
    expect(messages('🐈'.repeat(8))).toEqual(['must be at least 15 characters']); // 16 UTF-16 units
    expect(messages('吾輩は猫である。名前はまだ無い。')).toEqual([]);
    expect(messages('🐈'.repeat(128))).toEqual([]);
    expect(messages('🐈'.repeat(129))).toEqual(['must be at most 128 characters']);
  });

  it('counts after NFC normalisation', () => {
    const decomposed = 'e\u0301'; // é as e + combining acute: two code points, one after NFC
    expect(passwordLength(decomposed.repeat(15))).toBe(15);
    expect(messages(decomposed.repeat(14))).toEqual(['must be at least 15 characters']);
    expect(messages(decomposed.repeat(15))).toEqual([]);
    expect(messages(decomposed.repeat(128))).toEqual([]);
  });

  it('allows any characters, spaces included, with no composition rules', () => {
    expect(messages('all lower case words')).toEqual([]);
    expect(messages('               ')).toEqual([]);
  });

  it('refuses passwords from the bundled list, and their case variants', () => {
    for (const listed of [
      'qwertyuiop12345',
      '1qaz2wsx3edc4rfv',
      'passwordpassword',
      'PasswordPassword',
      'QWERTYUIOP12345',
    ]) {
      expect(messages(listed)).toEqual(['is a commonly used or breached password; choose another']);
    }
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Dragon')).toBe(true);
    expect(isCommonPassword(text(20))).toBe(false);
    expect(messages('password')).toEqual([
      'must be at least 15 characters',
      'is a commonly used or breached password; choose another',
    ]);
  });

  it("refuses the account's email, whatever its case", () => {
    expect(messages('Hanako.Yamada@Example.com', 'hanako.yamada@example.com')).toEqual([
      'must not be the account email',
    ]);
    expect(messages('hanako.yamada@example.com', 'HANAKO.YAMADA@EXAMPLE.COM')).toEqual([
      'must not be the account email',
    ]);
    expect(messages('hanako.yamada@example.com!', 'hanako.yamada@example.com')).toEqual([]);
    expect(messages('hanako.yamada@example.com')).toEqual([]);
  });

  it('reports errors on the field it is given', () => {
    expect(checkPasswordPolicy('kumo-no-ue', {}, 'password')).toEqual([
      { path: 'password', message: 'must be at least 15 characters' },
    ]);
    expect(checkPasswordPolicy('kumo-no-ue')[0]?.path).toBe('password');
  });
});
