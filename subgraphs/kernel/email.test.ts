import { describe, expect, it } from 'vitest';
import { normalizeEmail, parseEmail, requireEmail } from './email.js';

describe('email normalization', () => {
  it('maps full-width, case and surrounding space variants to one address', () => {
    for (const variant of ['ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', ' Hanako@Example.COM ', 'HANAKO＠example.com']) {
      expect(parseEmail(variant)).toEqual({ ok: true, email: 'hanako@example.com' });
    }
    expect(normalizeEmail('Ｏｗｎｅｒ@Shop.example')).toBe('owner@shop.example');
  });

  it.each([
    ['zero-width space', 'hana\u200Bko@example.com'],
    ['zero-width joiner', 'hanako\u200D@example.com'],
    ['byte order mark in front', '\uFEFFhanako@example.com'],
    ['soft hyphen', 'hana\u00ADko@example.com'],
    ['right-to-left override', 'hanako@exa\u202Emple.com'],
    ['left-to-right mark', '\u200Ehanako@example.com'],
    ['C0 control', 'hanako\u0001@example.com'],
    ['C1 control', 'hanako\u0085@example.com'],
    ['NUL', 'hanako\u0000@example.com'],
    ['variation selector', 'hanako\uFE0F@example.com'],
    ['Hangul filler', 'hanako\u3164@example.com'],
  ])('refuses an address with a %s, naming the field', (_name, raw) => {
    expect(parseEmail(raw)).toEqual({ ok: false, message: 'must not contain invisible or control characters' });
    expect(() => requireEmail(raw, 'ownerEmail')).toThrow(
      expect.objectContaining({
        extensions: expect.objectContaining({
          code: 'BAD_USER_INPUT',
          errors: [{ path: 'ownerEmail', message: 'must not contain invisible or control characters' }],
        }),
      }),
    );
  });

  it('refuses what is not an address', () => {
    expect(parseEmail('not an email').ok).toBe(false);
    expect(parseEmail(`${'a'.repeat(320)}@example.com`).ok).toBe(false);
  });
});
