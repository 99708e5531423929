import { argon2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Argon2idPasswordHasher, OWASP_ARGON2ID, parseArgon2idHash, passwordHasher } from './password-hasher.js';

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

describe('Argon2idPasswordHasher', () => {
  it('writes a PHC string with the OWASP parameters, a 16-byte salt and a 32-byte tag', async () => {
    const hash = await passwordHasher.hash('correct horse battery staple');
    // OWASP Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 iterations, 1 lane.
    const [, salt, tag] = PHC.exec(hash) ?? [];
    expect(salt, hash).toBeDefined();
    const parsed = parseArgon2idHash(hash)!;
    expect(parsed).toMatchObject({ memory: 19 * 1024, passes: 2, parallelism: 1 });
    expect(OWASP_ARGON2ID).toEqual({ memory: 19 * 1024, passes: 2, parallelism: 1 });
    // The parser's bytes against the PHC fields decoded here (unpadded standard base64).
    expect(parsed.salt.equals(Buffer.from(salt!, 'base64'))).toBe(true);
    expect(parsed.tag.equals(Buffer.from(tag!, 'base64'))).toBe(true);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(32);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await passwordHasher.hash('correct horse battery staple');
    expect(await passwordHasher.verify(hash, 'correct horse battery staple')).toBe(true);
    expect(await passwordHasher.verify(hash, 'correct horse battery stapl')).toBe(false);
    expect(await passwordHasher.verify(hash, 'Correct horse battery staple')).toBe(false);
  });

  it('salts every hash afresh', async () => {
    const [a, b] = await Promise.all([
      passwordHasher.hash('same password here'),
      passwordHasher.hash('same password here'),
    ]);
    expect(a).not.toBe(b);
  });

  it('computes the argon2id tag of the stored salt and parameters (cross-checked with argon2Sync)', async () => {
    const hash = await passwordHasher.hash('パスワードは長いほうがいい');
    const { salt, tag } = parseArgon2idHash(hash)!;
    const expected = argon2Sync('argon2id', {
      message: 'パスワードは長いほうがいい',
      nonce: salt,
      memory: 19456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    });
    expect(tag.equals(expected)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, and asks for a rehash when they differ', async () => {
    const cheap = new Argon2idPasswordHasher({ memory: 1024, passes: 1, parallelism: 1 });
    const old = await cheap.hash('an older, cheaper hash');
    expect(old).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await passwordHasher.verify(old, 'an older, cheaper hash')).toBe(true);
    expect(passwordHasher.needsRehash(old)).toBe(true);
    expect(passwordHasher.needsRehash(await passwordHasher.hash('a current hash, fine'))).toBe(false);
  });

  it('treats composed and decomposed forms of a password alike (NFC)', async () => {
    const composed = 'caf\u00e9 au lait et cr\u00e8me';
    const decomposed = 'cafe\u0301 au lait et cre\u0300me';
    expect(decomposed).not.toBe(composed);
    const hash = await passwordHasher.hash(composed);
    expect(await passwordHasher.verify(hash, decomposed)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another scheme', '$2b$12$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234'],
    ['argon2i', '$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'an old version',
      '$argon2id$v=16$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
    ['a short salt', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'absurd memory',
      '$argon2id$v=19$m=99999999,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
  ])('refuses %s stored values without throwing', async (_label, stored) => {
    expect(parseArgon2idHash(stored)).toBeUndefined();
    expect(await passwordHasher.verify(stored, 'whatever it is')).toBe(false);
    expect(passwordHasher.needsRehash(stored)).toBe(true);
  });
});
